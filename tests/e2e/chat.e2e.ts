import { ChatPage } from './support/chat-page';
import { openChatPlayground } from './support/chat-playground';
import type { PlaygroundSession } from './support/playground-session';
import { askUserScenario, INPUT_OPTIONS, INPUT_QUESTION, researchScenario } from './support/scenarios';
import { saveScreenshot } from './support/screenshots';

// The chat view of the real plugin in Chromium, against the scripted model server over real
// HTTP (through the playground's proxy): a live run, stop, and a question from the agent.
describe('chat view', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    ({ session, chat } = await openChatPlayground({
      modelServer: { scenarios: { research: researchScenario(), 'slow-answer': researchScenario({ stepPauseMs: 300, answerDelayMs: 400 }), 'ask-user': askUserScenario() } },
    }));
  });

  afterAll(async () => {
    await session.close();
  });

  beforeEach(async () => {
    await chat.panel.locator('[data-testid="new-chat"]').click();
  });

  it('shows "Reasoning" with a running timer and steps, folds to "Thought for Ns" once the answer streams, and expands on click', async () => {
    const { page } = session;
    await chat.useModel('research');
    await chat.ask('What did we decide about pricing, and why?');
    await chat.block.waitFor();
    expect(await chat.status()).toBe('reasoning');
    expect(await chat.expanded()).toBe('true');
    await expect(chat.label.textContent()).resolves.toMatch(/^Reasoning/);

    // Steps appear one by one while the agent works, and the timer ticks on its own between them.
    const stepTexts = () => chat.steps.allTextContents();
    const stepShown = (title: string) =>
      page.waitForFunction((wanted) => Array.from(document.querySelectorAll('.playground-sidebar [data-testid="reasoning-step"]')).some((step) => step.textContent?.includes(wanted)), title);
    await stepShown('Planning the search');
    const early = await stepTexts();
    expect(early.some((text) => text.includes('Checking the pricing review'))).toBe(false);
    await page.waitForFunction((selector) => /Reasoning · \d+s/.test(document.querySelector(selector)?.textContent ?? ''), '.playground-sidebar [data-testid="reasoning-label"]');
    const first = ChatPage.seconds(await chat.label.textContent());
    expect(first).not.toBeNull();
    // The timer runs on the wall clock: wait for its next tick, no longer than the run lasts.
    await page.waitForFunction(([selector, seconds]) => Number(/(\d+)s\b/.exec(document.querySelector(selector)?.textContent ?? '')?.[1] ?? -1) > seconds, ['.playground-sidebar [data-testid="reasoning-label"]', first!] as const);
    const later = ChatPage.seconds(await chat.label.textContent());
    expect(later).toBeGreaterThan(first!);
    await stepShown('Checking the pricing review');
    expect(await chat.status()).toBe('reasoning');
    expect((await stepTexts()).length).toBeGreaterThan(early.length);
    await saveScreenshot(page, 'reasoning-live', chat.panel);

    // The answer streams; about a second later the block folds once.
    await chat.waitForStatus(['collapsed', 'complete']);
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('aria-expanded') === 'false', '.playground-sidebar [data-testid="reasoning-header"]', { timeout: 5000 });
    await expect(chat.label.textContent()).resolves.toMatch(/^Thought for (\d+s|less than a second)$/);
    await expect(chat.block.locator('[data-testid="reasoning-content"]').isHidden()).resolves.toBe(true);
    await chat.waitForIdle();
    await expect(chat.lastAnswer.textContent()).resolves.toContain('Pay-per-ride stays for tourists.');
    const titles = ['Planning the search', 'Reading the pricing experiment', 'Checking the pricing review'];
    const finalSteps = await stepTexts();
    const positions = titles.map((title) => finalSteps.findIndex((text) => text.includes(title)));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((left, right) => left - right)).toEqual(positions);
    await saveScreenshot(page, 'thought-for-collapsed', chat.panel);
    await saveScreenshot(page, 'playground');

    await chat.header.click();
    expect(await chat.expanded()).toBe('true');
    await expect(chat.block.locator('[data-testid="reasoning-content"]').isVisible()).resolves.toBe(true);
    await expect(chat.block.locator('[data-testid="reasoning-content"]').textContent()).resolves.toContain('Checking the pricing review');
    await saveScreenshot(page, 'thought-for-expanded', chat.panel);
    await chat.header.click();
    expect(await chat.expanded()).toBe('false');
    expect(session.pageErrors).toEqual([]);
  });

  it('stops a run in the middle of the answer and keeps the partial answer', async () => {
    const { page } = session;
    await chat.useModel('slow-answer');
    await chat.ask('Summarise the pricing decision.');
    await chat.waitForStatus(['collapsed']);
    await page.waitForFunction((selector) => (document.querySelector(selector)?.textContent ?? '').includes('monthly'), '.playground-sidebar [data-testid="message-assistant"]:last-of-type [data-testid="assistant-message-body"]');
    const requestsBefore = session.modelServer.requests.length;
    await chat.panel.locator('[data-testid="stop-button"]').click();
    await chat.waitForStatus(['stopped']);
    await chat.waitForIdle();
    await expect(chat.label.textContent()).resolves.toMatch(/^Stopped after (\d+s|less than a second)$/);
    const answer = (await chat.lastAnswer.locator('[data-testid="assistant-message-body"]').textContent()) ?? '';
    expect(answer).toContain('monthly');
    expect(answer).not.toContain('Pay-per-ride stays for tourists.');
    // Stopping sends nothing more to the model. A real wait is the thing tested: nothing arrives meanwhile.
    await page.waitForTimeout(600);
    expect(session.modelServer.requests.length).toBe(requestsBefore);
    await saveScreenshot(page, 'stopped', chat.panel);

  });

  it('asks the user through request_input, waits with the timer frozen, and goes on with the answer', async () => {
    const { page } = session;
    await chat.useModel('ask-user');
    await chat.ask('Tell me about the city pilot.');
    const card = chat.panel.locator('[data-testid="input-request-card"]');
    await card.waitFor();
    await expect(card.locator('[data-testid="input-request-question"]').textContent()).resolves.toBe(INPUT_QUESTION);
    for (const option of INPUT_OPTIONS) await expect(card.getByRole('button', { name: option, exact: true }).count()).resolves.toBe(1);
    // Focus moves to the question, outside the block.
    await expect(page.evaluate(() => document.activeElement?.closest('[data-testid="input-request-card"]') !== null)).resolves.toBe(true);
    expect(await chat.status()).toBe('awaiting_input');
    const waiting = await chat.label.textContent();
    expect(waiting).toBe('Waiting for your answer');
    await saveScreenshot(page, 'request-input', chat.panel);
    // A real wait is the thing tested: the label stays put while more than a tick (1 s) passes.
    await page.waitForTimeout(1200);
    expect(await chat.label.textContent()).toBe(waiting);

    await card.getByRole('button', { name: 'Lisbon', exact: true }).click();
    await card.waitFor({ state: 'detached' });
    await chat.waitForIdle();
    await expect(chat.lastAnswer.textContent()).resolves.toContain('Lisbon pilot started');
    // The answer reached the model as the tool result of request_input.
    const toolResults = session.modelServer.requests.flatMap((request) => request.body?.messages ?? []).filter((message) => message.role === 'tool');
    expect(toolResults.some((message) => JSON.stringify(message.content).includes('Lisbon'))).toBe(true);
  });

  it("answers from the vault with the demo's extractive model, citing notes that open on click", async () => {
    const { page } = session;
    await chat.useModel('extractive');
    await chat.ask('What did we decide about the pass price in the pricing review?');
    await chat.waitForIdle(30000);
    await page.waitForFunction(() => document.querySelector('.playground-sidebar [data-testid="reasoning-header"]')?.getAttribute('aria-expanded') === 'false');
    await saveScreenshot(page, 'demo');
    await chat.header.click();
    // The reads fold into one line (DESIGN.md 12.3): it names them, and opens in place to each.
    await expect(chat.block.locator('[data-testid="reasoning-step-group-label"]').allTextContents()).resolves.toContainEqual(expect.stringMatching(/^Read \d notes/));
    for (const toggle of await chat.block.locator('.glassbox-step-group-toggle').all()) await toggle.click();
    const steps = (await chat.steps.allTextContents()).join('\n');
    expect(steps).toContain('localSearch');
    expect(steps).toMatch(/Read .*Pricing/);
    const citation = chat.lastAnswer.locator('[data-testid="assistant-message-body"] a.internal-link').first();
    const target = await citation.getAttribute('data-href');
    expect(target).toBeTruthy();
    await citation.click();
    await page.waitForFunction((title) => document.querySelector('[data-testid="note-pane"] h1.inline-title')?.textContent === title, target);
  });
});
