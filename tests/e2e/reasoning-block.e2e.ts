import type { ChatPage } from './support/chat-page';
import { openChatPlayground } from './support/chat-playground';
import type { PlaygroundSession } from './support/playground-session';
import { researchScenario } from './support/scenarios';
import { saveScreenshot } from './support/screenshots';

// The reasoning block's settings and accessibility in a real browser: display modes chosen in
// the plugin's settings tab (and remembered), the dark theme, and keyboard-only use with the
// polite live region.
describe('reasoning block', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    ({ session, chat } = await openChatPlayground({ model: 'research', modelServer: { scenarios: { research: researchScenario({ stepPauseMs: 500, answerDelayMs: 25 }) } } }));
  });

  afterAll(async () => {
    await session.close();
  });

  async function setDisplayMode(mode: 'minimal' | 'normal' | 'verbose'): Promise<void> {
    const { page } = session;
    await page.locator('[data-testid="settings-open"]').click();
    const modal = page.locator('[data-testid="settings-modal"]');
    await modal.locator('.setting-item', { hasText: 'Display mode' }).locator('select').selectOption(mode);
    await page.locator('[data-testid="settings-close"]').click();
    await modal.waitFor({ state: 'hidden' });
  }

  it('announces state changes (not ticks) in a polite live region, and works with the keyboard alone', async () => {
    const { page } = session;
    // Record every distinct text the live region takes during the run.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { announcements: string[] }).announcements = seen;
      new MutationObserver(() => {
        for (const region of Array.from(document.querySelectorAll('[data-testid="reasoning-announcement"]'))) {
          const text = region.textContent ?? '';
          if (text !== '' && seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await chat.ask('What did we decide about pricing?');
    await chat.waitForIdle();
    const announcements = await page.evaluate(() => (window as unknown as { announcements: string[] }).announcements);
    expect(announcements.slice(0, 2)).toEqual(['Reasoning', 'Answering']);
    expect(announcements.filter((text) => /^Reasoning/.test(text))).toEqual(['Reasoning']);
    const region = chat.block.locator('[data-testid="reasoning-announcement"]');
    await expect(region.getAttribute('aria-live')).resolves.toBe('polite');

    // Tab from the top of the page to the block header, then Enter toggles it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let reached = false;
    for (let presses = 0; presses < 80 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'reasoning-header');
    }
    expect(reached).toBe(true);
    const header = chat.header;
    await expect(header.evaluate((el) => el.tagName)).resolves.toBe('BUTTON');
    const controls = await header.getAttribute('aria-controls');
    await expect(chat.block.locator('[data-testid="reasoning-content"]').getAttribute('id')).resolves.toBe(controls);
    expect(await chat.expanded()).toBe('false');
    await expect(chat.block.locator('[data-testid="reasoning-content"]').getAttribute('hidden')).resolves.not.toBeNull();
    await page.keyboard.press('Enter');
    expect(await chat.expanded()).toBe('true');
    await expect(chat.block.locator('[data-testid="reasoning-content"]').isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'keyboard-focus', chat.panel);
    await page.keyboard.press('Enter');
    expect(await chat.expanded()).toBe('false');
  });

  it('switches display modes from the settings tab and remembers the choice', async () => {
    const { page } = session;
    const detail = 'Pricing decisions live in the meeting notes';
    const content = chat.block.locator('[data-testid="reasoning-content"]');
    await setDisplayMode('minimal');
    await expect(chat.block.getAttribute('data-mode')).resolves.toBe('minimal');
    if ((await chat.expanded()) === 'false') await chat.header.click();
    await expect(content.textContent()).resolves.toContain('Planning the search');
    await expect(content.textContent()).resolves.not.toContain(detail);
    await saveScreenshot(page, 'mode-minimal', chat.panel);

    await setDisplayMode('verbose');
    await expect(chat.block.getAttribute('data-mode')).resolves.toBe('verbose');
    if ((await chat.expanded()) === 'false') await chat.header.click();
    await expect(content.textContent()).resolves.toContain(detail);
    await saveScreenshot(page, 'mode-verbose', chat.panel);

    expect(session.playground.pluginData()).toMatchObject({ displayMode: 'verbose' });
    await page.reload();
    await page.waitForSelector('[data-playground-ready="true"]');
    await page.locator('[data-testid="settings-open"]').click();
    const select = page.locator('[data-testid="settings-modal"] .setting-item', { hasText: 'Display mode' }).locator('select');
    await expect(select.inputValue()).resolves.toBe('verbose');
    await page.locator('[data-testid="settings-close"]').click();
    await setDisplayMode('normal');
  });

  it('looks native in the dark theme', async () => {
    const { page } = session;
    await chat.panel.locator('[data-testid="new-chat"]').click();
    await chat.ask('What did we decide about pricing?');
    await chat.waitForIdle();
    const lightBlock = await chat.block.evaluate((el) => getComputedStyle(el).backgroundColor + ' ' + getComputedStyle(el).color);
    await page.locator('[data-testid="theme-toggle"]').click();
    const darkBlock = await chat.block.evaluate((el) => getComputedStyle(el).backgroundColor + ' ' + getComputedStyle(el).color);
    expect(darkBlock).not.toBe(lightBlock);
    const text = await chat.label.evaluate((el) => getComputedStyle(el).color);
    expect(text).not.toBe('rgb(0, 0, 0)');
    await chat.openTrace();
    await saveScreenshot(page, 'dark-theme');
    await page.locator('[data-testid="theme-toggle"]').click();
  });
});
