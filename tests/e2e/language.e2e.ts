import { ENGLISH_TABLE, languageTable } from '../../src/i18n';
import { FRAME_STRINGS } from '../../tools/playground/page/frame-strings';
import type { ChatPage } from './support/chat-page';
import { openChatPlayground } from './support/chat-playground';
import type { PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// DESIGN.md 12.4: the playground started with `--lang de` is German everywhere the plugin (and
// the frame standing in for Obsidian) speaks: the chat, a run's trace, the settings, the commands.
// What the user or the model wrote, and the notes, are not UI and stay as they are.

const german = languageTable('de');

/**
 * English's words, cut at the placeholders, that German does not share: finding one in the
 * page means an English string reached the screen. Whole words only ("Model" is not "Modell").
 */
const englishOnly: readonly string[] = (() => {
  const germanText = [...Object.values(german), ...Object.values(FRAME_STRINGS.de)].join('\n');
  const pieces = [...Object.values(ENGLISH_TABLE), ...Object.values(FRAME_STRINGS.en)].flatMap((text) => text.split(/\{\w+\}/).map((piece) => piece.replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '')));
  return [...new Set(pieces)].filter((piece) => /\p{L}{3}/u.test(piece) && !wholeWords(piece).test(germanText));
})();

function wholeWords(piece: string): RegExp {
  return new RegExp(`(?<!\\p{L})${piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');
}

/** Text a user sees in the page apart from notes, questions, answers and tool data: visible text, labels, tooltips, placeholders. */
function visibleUiText(session: PlaygroundSession): Promise<string[]> {
  return session.page.evaluate(() => {
    const NOT_UI = [
      '[data-testid="note-pane"]', // the open note
      '.nav-file-title, .nav-folder-title', // note and folder names
      '.glassbox-user-text', // the question as typed
      '.glassbox-message-markdown', // the model's answer
      '.glassbox-step-detail', // the model's notes on a step
      '[data-kind="thought"] .glassbox-step-summary, [data-kind="reasoning"] .glassbox-step-summary', // the model's own words for its steps
      '.glassbox-tool-name, .glassbox-tool-args, .glassbox-tool-args-full, .glassbox-tool-output', // a tool's name, arguments and output (data)
      '[data-testid="playground-endpoint"]', // the model's name and address
      '.glassbox-model-picker, datalist',
    ].join(', ');
    const texts: string[] = [];
    const visible = (element: Element): boolean => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      if (element.closest(NOT_UI) !== null || !visible(element)) continue;
      for (const node of Array.from(element.childNodes)) if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) texts.push(node.textContent.trim());
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value?.trim()) texts.push(value.trim());
      }
    }
    return texts;
  });
}

function englishIn(texts: readonly string[]): string[] {
  return texts.filter((text) => englishOnly.some((piece) => wholeWords(piece).test(text)));
}

describe('the playground in German (--lang de)', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    ({ session, chat } = await openChatPlayground({ language: 'de' }));
  });

  afterAll(async () => {
    await session.close();
  });

  it('asks, answers and shows the trace in German', async () => {
    const { page } = session;
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expect(chat.panel.locator('[data-testid="composer-input"]').getAttribute('placeholder')).resolves.toMatch(/^Frag etwas zu deinen Notizen…/);
    await chat.ask('Was haben wir über Pedalpath pricing entschieden?');
    await chat.waitForStatus(['complete', 'collapsed'], 30000);
    // "Thought for 3s" is "3 s nachgedacht"; the numbers as German writes them.
    await expect(chat.label.textContent()).resolves.toMatch(/^(?:weniger als eine Sekunde|\d+ s|\d+ min(?: \d+ s)?) nachgedacht/);
    expect(englishIn(await visibleUiText(session))).toEqual([]);
    await saveScreenshot(page, 'chat-de');
    await chat.openTrace();
    await expect(chat.steps.first().textContent()).resolves.toMatch(/^(Durchsucht Notizen|Angehängt|Liest)/);
    expect(await chat.panel.locator('[data-testid="send-button"]').textContent()).toBe('Senden');
    expect(await chat.panel.locator('[data-testid="new-chat"]').textContent()).toBe('Neuer Chat');
    const texts = await visibleUiText(session);
    expect(texts.length).toBeGreaterThan(20);
    expect(englishIn(texts)).toEqual([]);
    // The check would see English: the same strings as the English UI shows them.
    expect(englishIn(['Thought for 3s', 'New chat', 'Ask about your notes… ([[ to attach a note)', 'Searching notes for "x"', 'Settings'])).toHaveLength(5);
    expect(session.pageErrors).toEqual([]);
  });

  it('keeps the German strings, once unpacked, in the device’s local storage for the next launch', async () => {
    const kept = await session.page.evaluate(() =>
      Object.entries(localStorage)
        .filter(([key]) => key.endsWith('-glassbox-strings-de'))
        .map(([, value]) => JSON.parse(value) as { fingerprint: string; values: string[] }),
    );
    expect(kept).toHaveLength(1);
    expect(kept[0].values).toHaveLength(Object.keys(ENGLISH_TABLE).length);
    expect(kept[0].values).toContain('Neuer Chat');
  });

  it('shows the settings and the commands in German', async () => {
    const { page } = session;
    await page.locator('[data-testid="settings-open"]').click();
    const modal = page.locator('[data-testid="settings-modal"]');
    await modal.waitFor({ state: 'visible' });
    await expect(modal.locator('.modal-title').textContent()).resolves.toBe('Einstellungen');
    const names = await modal.locator('.setting-item-name').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['Anbieter', 'Basis-URL', 'Kontextfenster (Tokens)', 'Max. Schritte', 'Suche nach Bedeutung']));
    // The context window row asks the server, then says what it uses.
    await page.waitForFunction(() => /^In Gebrauch: [\d.]+ Tokens/.test(document.querySelector('.glassbox-context-window')?.textContent ?? ''));
    expect(englishIn(await visibleUiText(session))).toEqual([]);
    await page.keyboard.press('Escape');

    await page.locator('[data-testid="commands-open"]').click();
    const commands = await page.locator('[data-testid="command-menu"] [role="menuitem"]').allTextContents();
    expect(commands).toEqual(expect.arrayContaining(['Glassbox: Chat öffnen', 'Glassbox: Neuer Chat', 'Glassbox: Letzte Änderung rückgängig machen']));
    expect(englishIn(await visibleUiText(session))).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
