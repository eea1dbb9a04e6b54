import { scenario } from '../../tools/model-server';
import { ChatPage } from './support/chat-page';
import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// Issue 40 (DESIGN.md 13.4) in Chromium, on the demo vault: the model's prices set, a low cost
// limit entered in the settings tab, a run that stops before the call that would cross it with
// status budget and its sentence, "Spent today" above the composer, and Continue once the
// limit is raised, which finishes the answer.
const MODEL = 'budgeted-model';
const ANSWER = 'Monthly passes became the default at €12.90 ([[Pedalpath pricing experiment]], [[2026-09-17 Pricing review]]).';

let session: PlaygroundSession;
let chat: ChatPage;

/** Types into a setting of the "Spending limits" group (it holds the settings' model's limits). */
async function setLimit(name: string, amount: string): Promise<void> {
  const { page } = session;
  await page.locator('[data-testid="settings-open"]').click();
  const modal = page.locator('[data-testid="settings-modal"]');
  const field = modal.locator('.setting-item', { hasText: name }).locator('input');
  await field.fill(amount);
  // Leaving the field takes the amount.
  await field.blur();
  await page.locator('[data-testid="settings-close"]').click();
  await modal.waitFor({ state: 'hidden' });
}

describe('spending limits', () => {
  beforeAll(async () => {
    const run = scenario()
      .turn((t) => t.toolCall('localSearch', { query: 'pricing' }).usage(1800, 40))
      .turn((t) => t.toolCall('readNote', { path: 'Projects/Pedalpath pricing experiment.md' }).usage(2600, 35))
      .turn((t) => t.text(ANSWER, { chunkChars: 12 }).usage(5200, 48));
    session = await startPlaygroundSession({ model: MODEL, modelServer: { scenarios: { [MODEL]: run } }, settings: { modelPrices: { [MODEL]: { inputPerMillion: 2.5, outputPerMillion: 10 } }, dailyBudget: 2 } });
    await session.open();
    chat = new ChatPage(session.page);
  });

  afterAll(async () => {
    await session.close();
  });

  const setCostLimit = (amount: string) => setLimit('Cost limit per answer', amount);

  it('stops before the call that would cross the cost limit, says what was spent, and Continue finishes once it is raised', async () => {
    const { page } = session;
    await setCostLimit('0.01');
    await expect(chat.panel.locator('[data-testid="spent-today"]').textContent()).resolves.toBe('Spent today: $0.00 of $2.00');
    const before = session.modelServer.requests.length;

    await chat.ask('What did we decide about pricing?');
    await chat.waitForStatus(['budget']);
    await chat.waitForIdle();
    // 1,800 in × $2.50 + 40 out × $10 per million: $0.0049; the next request's input would pass $0.01.
    expect(session.modelServer.requests.length - before).toBe(1);
    await expect(chat.label.textContent()).resolves.toMatch(/^Stopped at a spending limit after/);
    // The sentence is said once, in the trace the user opens (the stop's step).
    await chat.openTrace();
    expect((await chat.block.locator('[data-testid="reasoning-content"]').innerText()).match(/Stopped at the run's cost limit of \$0\.01: \$0\.0049 spent, and the next request \(~\$0\.0\d+\) would cross it\./g)).toHaveLength(1);
    await expect(chat.panel.locator('[data-testid="spent-today"]').textContent()).resolves.toBe('Spent today: $0.0049 of $2.00');
    const continueButton = chat.panel.getByRole('button', { name: 'Continue', exact: true });
    await continueButton.waitFor();
    await saveScreenshot(page, 'spending-limit-stop', chat.panel);

    await setCostLimit('0.10');
    await continueButton.click();
    await chat.waitForIdle(30000);
    await expect(chat.lastAnswer.textContent()).resolves.toContain('Monthly passes became the default at €12.90');
    // The continued run: $0.0049 + $0.00685 + $0.01348, after the first run's $0.0049.
    await expect(chat.panel.locator('[data-testid="spent-today"]').textContent()).resolves.toBe('Spent today: $0.03 of $2.00');
    expect(session.pageErrors).toEqual([]);
  });
});

describe('a large request', () => {
  beforeAll(async () => {
    const answer = scenario().turn((t) => t.text(ANSWER).usage(9000, 40));
    session = await startPlaygroundSession({ model: MODEL, modelServer: { scenarios: { [MODEL]: answer } }, settings: { modelPrices: { [MODEL]: { inputPerMillion: 2.5, outputPerMillion: 10 } } } });
    await session.open();
    chat = new ChatPage(session.page);
  });

  afterAll(async () => {
    await session.close();
  });

  it('asks first on the approval card, naming its size and what makes it big; "Don\'t send" sends nothing', async () => {
    const { page } = session;
    await setLimit('Ask before a request costing more than', '0.005');
    const before = session.modelServer.requests.length;
    await chat.ask('Summarise [[Pedalpath pricing experiment]] and [[2026-09-17 Pricing review]].');
    const card = chat.panel.locator('[data-testid="approval-card"]');
    await card.waitFor();
    await expect(card.locator('[data-testid="approval-title"]').textContent()).resolves.toMatch(/^Send a request of ~[\d,]+ tokens \(~\$0\.0\d+\)\?$/);
    // The demo's notes are short: the instructions and tools are most of any request.
    await expect(card.locator('[data-testid="approval-detail"]').textContent()).resolves.toMatch(/^It is big because of the instructions and tool descriptions \(~[\d,]+ tokens\)\.$/);
    await saveScreenshot(page, 'spending-large-request', chat.panel);
    await card.getByRole('button', { name: "Don't send" }).click();
    await chat.waitForStatus(['budget']);
    expect(session.modelServer.requests.length).toBe(before);
    await chat.openTrace();
    expect((await chat.block.locator('[data-testid="reasoning-content"]').innerText()).match(/Stopped: you did not send a request of ~[\d,]+ tokens \(~\$0\.0\d+\)\./g)).toHaveLength(1);
    expect(session.pageErrors).toEqual([]);
  });
});

describe("spending limits with the demo's own model", () => {
  beforeAll(async () => {
    // The extractive policy searches, reads and quotes; the server counts its usage.
    session = await startPlaygroundSession({ model: 'extractive', settings: { runTokenLimits: { extractive: 3000 } } });
    await session.open();
    chat = new ChatPage(session.page);
  });

  afterAll(async () => {
    await session.close();
  });

  it('a low token limit stops it with status budget; Continue finishes once the limit is taken away', async () => {
    const before = session.modelServer.requests.length;
    await chat.ask('What did we decide about pricing?');
    await chat.waitForStatus(['budget']);
    await chat.waitForIdle();
    const sent = session.modelServer.requests.length - before;
    await expect(chat.block.locator('[data-testid="reasoning-error"]').textContent()).resolves.toMatch(/^Stopped at the run's token limit of 3,000 tokens: [\d,]+ tokens spent, and the next request \(~[\d,]+ tokens\) would cross it\.$/);

    await setLimit('Token limit per answer', '');
    await chat.panel.getByRole('button', { name: 'Continue', exact: true }).click();
    await chat.waitForIdle(30000);
    expect(session.modelServer.requests.length - before).toBeGreaterThan(sent);
    await chat.waitForStatus(['complete']);
    await expect(chat.lastAnswer.textContent()).resolves.toMatch(/\S/);
    expect(session.pageErrors).toEqual([]);
  });
});
