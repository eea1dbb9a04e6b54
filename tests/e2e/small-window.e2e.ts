import { ChatPage } from './support/chat-page';
import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// Issue 24 in Chromium: the scripted server in its "small window" mode (llama.cpp's /props and
// 400 on a longer request, tools/model-server/small-window.ts). The plugin asks the server for
// the window, fits each request, and the trace's `context` step says what was left out.
describe('a model with a small context window', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    session = await startPlaygroundSession({ modelServer: { contextWindow: 4096 } });
    await session.open();
    chat = new ChatPage(session.page);
  });

  afterAll(async () => {
    await session.close();
  });

  it('answers a follow-up on a 4,096-token window, the context step naming what was left out, no request refused', async () => {
    await chat.ask('What did we decide about monthly passes?');
    await chat.waitForIdle(30_000);
    await chat.ask('And what did the pricing review say about the price?');
    await chat.waitForIdle(30_000);
    await chat.waitForStatus(['complete', 'collapsed']);
    await chat.openTrace();
    const contextSteps = chat.steps.and(session.page.locator('[data-kind="context"]'));
    await contextSteps.first().waitFor();
    const summaries = await contextSteps.allTextContents();
    expect(summaries.some((text) => /Left out \d+ earlier tool results?.* to fit 4,096 tokens/.test(text))).toBe(true);
    const chats = session.modelServer.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(chats.length).toBeGreaterThanOrEqual(4);
    // Every request fitted: the server counts a quarter of the body's characters and refused none.
    for (const request of chats) expect(Math.ceil(JSON.stringify(request.body).length / 4)).toBeLessThanOrEqual(4096);
    expect(session.modelServer.requests.some((request) => request.path === '/props')).toBe(true);
    const step = contextSteps.last();
    await step.scrollIntoViewIfNeeded();
    await saveScreenshot(session.page, 'context-window-step', step);
    expect(session.pageErrors).toEqual([]);
  });
});
