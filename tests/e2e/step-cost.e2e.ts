import { scenario } from '../../tools/model-server';
import { ChatPage } from './support/chat-page';
import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// Issue 28 items 1 and 3 (DESIGN.md 12.3) in Chromium, on the demo vault: prices entered in the
// plugin's settings tab, a run whose footer sums its time, tokens and cost, and its repeated
// searches and reads folded into one line that the keyboard unfolds in place, each model turn
// with its time and tokens.
const MODEL = 'priced-model';
const ANSWER = 'Monthly passes became the default at €12.90 ([[Pedalpath pricing experiment]], [[2026-09-17 Pricing review]]).';

describe('time, tokens and cost per step, folded groups', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    const run = scenario()
      .turn((t) => t.toolCall('localSearch', { query: 'pricing' }).usage(1800, 40))
      .turn((t) => t.toolCall('localSearch', { query: 'monthly pass' }).usage(2600, 35))
      .turn((t) => t.toolCall('readNote', { path: 'Projects/Pedalpath pricing experiment.md' }).toolCall('readNote', { path: 'Meetings/2026-09-17 Pricing review.md' }).usage(3400, 60))
      .turn((t) => t.text(ANSWER, { chunkChars: 12 }).usage(5200, 48));
    session = await startPlaygroundSession({ model: MODEL, modelServer: { scenarios: { [MODEL]: run } } });
    await session.open();
    chat = new ChatPage(session.page);
  });

  afterAll(async () => {
    await session.close();
  });

  it("the settings tab takes the model's prices; the footer then sums time, tokens and cost", async () => {
    const { page } = session;
    await page.locator('[data-testid="settings-open"]').click();
    const modal = page.locator('[data-testid="settings-modal"]');
    const prices = modal.locator('.setting-item', { hasText: 'Price per million tokens' });
    await prices.getByLabel('Input price per million tokens').fill('2.5');
    await prices.getByLabel('Output price per million tokens').fill('10');
    // Leaving the field takes the price.
    await prices.getByLabel('Output price per million tokens').blur();
    await page.locator('[data-testid="settings-close"]').click();
    await modal.waitFor({ state: 'hidden' });

    await chat.ask('What did we decide about pricing?');
    await chat.waitForIdle();
    await chat.openTrace();
    // 13,000 in × $2.50 + 183 out × $10, per million tokens.
    await expect(chat.block.locator('[data-testid="reasoning-usage"]').textContent()).resolves.toMatch(/^Time: [\d.]+ m?s · Tokens: 13,000 in \/ 183 out · Cost: \$0\.034$/);
    expect(session.pageErrors).toEqual([]);
  });

  it('folds the searches and reads into one line that the keyboard unfolds, each turn with its time and tokens', async () => {
    const { page } = session;
    const group = chat.block.locator('[data-testid="reasoning-step-group"]');
    const toggle = group.locator('.glassbox-step-group-toggle');
    await expect(toggle.textContent()).resolves.toBe('Searched 2 times · read 2 notes · 7.9k tokens');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    // The answer's turn stays on its own line, with its time and tokens.
    await expect(chat.block.locator('[data-testid="reasoning-model-turn"]').last().textContent()).resolves.toMatch(/^Model turn 4[\d.]+ m?s5,200 in \/ 48 out$/);
    await saveScreenshot(page, 'trace-cost', chat.block);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(group.locator('[data-testid="reasoning-step"]').count()).resolves.toBe(4);
    await expect(group.locator('[data-testid="reasoning-turn-tokens"]').allTextContents()).resolves.toEqual(['1,800 in / 40 out', '2,600 in / 35 out', '3,400 in / 60 out']);
    // Tall enough for the whole block, outputs and all, in one picture.
    const viewport = page.viewportSize();
    if (viewport !== null) await page.setViewportSize({ width: viewport.width, height: 1800 });
    await saveScreenshot(page, 'trace-group-expanded', chat.block);
    if (viewport !== null) await page.setViewportSize(viewport);
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(group.locator('[data-testid="reasoning-step"]').count()).resolves.toBe(0);
  });
});
