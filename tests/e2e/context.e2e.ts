import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { scenario } from '../../tools/model-server';
import type { ChatPage } from './support/chat-page';
import { openChatPlayground } from './support/chat-playground';
import type { PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

const CITED_ANSWER = 'Monthly passes cost €12.90 ([[Pedalpath pricing experiment]]).';

// Context where people write (issue 12), in Chromium against the scripted model over HTTP: what
// the user can do with an answer in the note they were writing.
describe('context and answer actions', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    ({ session, chat } = await openChatPlayground({ modelServer: { scenarios: { cite: scenario().turn((t) => t.text(CITED_ANSWER, { chunkChars: 12 }).usage(1200, 40)) } } }));
  });

  afterAll(async () => {
    await session.close();
  });

  beforeEach(async () => {
    await chat.panel.locator('[data-testid="new-chat"]').click();
  });

  it('attaches the note open in the note pane as a chip, adds a note with [[ and a folder scope, and sends them', async () => {
    const { page } = session;
    const chipLabels = () => chat.panel.locator('[data-testid="context-chip"] .glassbox-chip-label').allTextContents();
    await page.locator('[data-testid="file-item"][data-path="Projects/Pedalpath app.md"]').click();
    await page.waitForFunction(() => document.querySelector('.playground-sidebar [data-testid="context-chip"][data-open="true"]')?.textContent?.includes('Pedalpath app'));
    await page.locator('[data-testid="file-item"][data-path="Home.md"]').click();
    await page.waitForFunction(() => document.querySelector('.playground-sidebar [data-testid="context-chip"][data-open="true"]')?.textContent?.includes('Home'));
    expect(await chipLabels()).toEqual(['Home']);

    // `[[` suggests notes by fuzzy title; the keyboard picks one.
    const input = chat.panel.locator('[data-testid="composer-input"]');
    await input.click();
    await input.pressSequentially('What did we decide in [[pric rev');
    const notes = chat.panel.getByRole('listbox', { name: 'Notes' });
    await notes.waitFor();
    await expect(notes.getByRole('option').first().textContent()).resolves.toContain('2026-09-17 Pricing review');
    await saveScreenshot(page, 'context-suggest', chat.panel);
    await input.press('Enter');
    await notes.waitFor({ state: 'detached' });
    // The sentence keeps the name; the chip carries the note.
    await expect(input.inputValue()).resolves.toBe('What did we decide in 2026-09-17 Pricing review');
    expect(await chipLabels()).toEqual(['Home', '2026-09-17 Pricing review']);

    // A folder from the scope suggester.
    await chat.panel.locator('[data-testid="add-scope"]').click();
    await page.keyboard.type('projects');
    await chat.panel.getByRole('listbox', { name: 'Folders and tags' }).getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    expect(await chipLabels()).toEqual(['Home', '2026-09-17 Pricing review', 'Folder: Projects']);
    await input.click();
    await input.pressSequentially(' about pricing?');
    await saveScreenshot(page, 'context-chips', chat.panel.locator('.glassbox-composer'));

    await chat.useModel('cite');
    await chat.ask('What did we decide about pricing?');
    await chat.waitForIdle();
    // Sent: the chips start again from the open note; the scope stays until removed.
    expect(await chipLabels()).toEqual(['Home', 'Folder: Projects']);
    expect(session.pageErrors).toEqual([]);
  });

  it('inserts the answer at the cursor of the open note, opens the cited note, and shows the token usage', async () => {
    const { page } = session;
    await page.locator('[data-testid="file-item"][data-path="Glossary.md"]').click();
    await page.waitForSelector('[data-testid="note-pane"][data-path="Glossary.md"]');
    await chat.useModel('cite');
    await chat.ask('What does a monthly pass cost?');
    await chat.waitForIdle();
    const actions = chat.lastAnswer.locator('[data-testid="answer-actions"]');

    await actions.locator('[data-testid="answer-insert"]').click();
    await expect(actions.locator('[data-testid="answer-status"]').textContent()).resolves.toBe('Inserted into Glossary.md.');
    // The note pane shows the note as written; the markers never reach the note.
    await page.waitForFunction((text) => document.querySelector('[data-testid="note-pane"]')?.textContent?.includes(text), 'Monthly passes cost €12.90');
    await page.evaluate(() => window.glassboxPlayground!.flushWrites());
    const onDisk = await readFile(path.join(session.vaultDir, 'Glossary.md'), 'utf8');
    // The cursor was at 0:0, before the properties: the answer goes after them, on lines of its
    // own, and the properties stay whole (issue 26; it used to land glued to the opening ---).
    expect(onDisk).toMatch(new RegExp(`^---\\ncreated: 2026-08-21\\ntags: \\[index, glossary\\]\\n---\\n${CITED_ANSWER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n\\n# Glossary\\n`));
    expect(onDisk).not.toContain('<!--');

    await actions.locator('[data-testid="answer-open-cited"]').click();
    await page.waitForSelector('[data-testid="note-pane"][data-path="Projects/Pedalpath pricing experiment.md"]');

    await chat.openTrace();
    await expect(chat.block.locator('[data-testid="reasoning-usage"]').textContent()).resolves.toMatch(/^Time: [\d.]+ m?s · Tokens: 1.?200 in \/ 40 out$/);
    expect(session.pageErrors).toEqual([]);
  });
});
