import { ChatPage } from './support/chat-page';
import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// Issue 30 in Chromium: the playground as a fresh install with no endpoint (`npm run demo --
// --first-run`). "Find a local model" probes the five usual loopback ports through the
// playground's proxy (Obsidian's requestUrl); the scripted server answers at llama.cpp's address,
// 127.0.0.1:8080, like llama.cpp (`/props`). One click connects, and the next question is answered.
describe('the first run: "Find a local model"', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    session = await startPlaygroundSession({ firstRun: true });
    await session.open();
    chat = new ChatPage(session.page);
  });

  afterAll(async () => {
    await session.close();
  });

  it('offers to find a local model, finds the scripted server at llama.cpp\'s port, and connects in one click', async () => {
    const offer = chat.panel.locator('[data-testid="find-local-model"]');
    await offer.waitFor();
    expect(await offer.textContent()).toContain('No model endpoint is set.');
    await offer.locator('[data-testid="find-local-model-button"]').click();
    const found = offer.locator('[data-testid="found-server"]');
    await found.waitFor({ timeout: 10_000 });
    expect(await found.count()).toBe(1);
    expect(await found.textContent()).toContain('llama.cpp at http://127.0.0.1:8080/v1');
    expect(await found.textContent()).toContain('32,768 tokens');
    await saveScreenshot(session.page, 'find-local-model', offer);
    await found.locator('[data-testid="use-model"]', { hasText: /^extractive$/ }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await chat.panel.locator('[data-testid="model-picker"]').inputValue()).toBe('extractive');
    await chat.ask('What did we decide about monthly passes?');
    await chat.waitForIdle(30_000);
    expect(await chat.lastAnswer.textContent()).toMatch(/\S/);
    expect(session.modelServer.requests.some((request) => request.path === '/v1/chat/completions')).toBe(true);
    // The other four ports are not the playground's to reach: its proxy refused them (403), as a closed port refuses.
    const unexpected = session.pageErrors.filter((error) => !/(?:^HTTP 403 for |status of 403 .*\()http:\/\/localhost:\d+\/api\/proxy\/v1\/models\)?$/.test(error));
    expect(unexpected).toEqual([]);
  });
});
