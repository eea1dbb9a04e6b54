import { scenario } from '../../tools/model-server';
import { ChatPage } from './support/chat-page';
import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// "Continue" after a stop in the real plugin in Chromium (DESIGN.md 11.2): the button appears under
// the stopped answer, and the continued run's request carries the stopped run's tool call and result.

// Longer than the runner's hold-back (160 characters), so it streams in view for a few seconds.
const SLOW_ANSWER = [
  'Monthly passes became the default offer for new riders from 1 November 2026, at €12.90.',
  'Pass riders rode 2.4 times as often as pay-per-ride riders, revenue per rider went up 23%, and churn after one month fell from 38% to 21%.',
  'The price stayed at €12.90 because €14.90 felt too close to a bus pass, and pay-per-ride stays for tourists.',
].join(' ');

describe('Continue after a stop', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    session = await startPlaygroundSession({
      model: 'stoppable',
      modelServer: {
        scenarios: {
          stoppable: scenario()
            .turn((t) => t.toolCall('localSearch', { query: 'pricing review' }, { id: 'call_pricing' }))
            .turn((t) => t.text(SLOW_ANSWER, { chunkChars: 6 }).delay(60)),
        },
      },
    });
    await session.open();
    chat = new ChatPage(session.page);
  });

  afterAll(async () => {
    await session.close();
  });

  const continueButton = () => chat.panel.getByRole('button', { name: 'Continue', exact: true });

  it('offers Continue under a stopped answer and resumes with its transcript', async () => {
    const { page } = session;
    await chat.ask('What did we decide about pricing?');
    await page.waitForFunction(
      (selector) => (document.querySelector(selector)?.textContent ?? '').includes('Monthly'),
      '.playground-sidebar [data-testid="message-assistant"]:last-of-type [data-testid="assistant-message-body"]',
    );
    expect(await continueButton().count()).toBe(0);
    await chat.panel.locator('[data-testid="stop-button"]').click();
    await chat.waitForStatus(['stopped']);
    await chat.waitForIdle();
    await continueButton().waitFor();
    await saveScreenshot(page, 'continue-after-stop', chat.panel);
    const before = session.modelServer.requests.length;

    await continueButton().focus();
    await page.keyboard.press('Enter');
    await expect(chat.panel.locator('[data-testid="message-user"] .glassbox-user-text').last().textContent()).resolves.toBe('Continue where you left off.');
    await chat.waitForIdle(30000);
    await expect(chat.lastAnswer.textContent()).resolves.toContain('pay-per-ride stays for tourists.');
    expect(await continueButton().count()).toBe(0);

    const sent = session.modelServer.requests[before].body?.messages ?? [];
    const call = sent.findIndex((message) => message.role === 'assistant' && JSON.stringify(message.tool_calls ?? []).includes('call_pricing'));
    const result = sent.findIndex((message) => message.role === 'tool' && message.tool_call_id === 'call_pricing');
    expect(call).toBeGreaterThan(0);
    expect(result).toBeGreaterThan(call);
    expect(JSON.stringify(sent[result].content)).toContain('Pricing');
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'Continue where you left off.' });
    expect(session.pageErrors).toEqual([]);
  });
});
