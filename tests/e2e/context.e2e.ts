import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { scenario } from '../../tools/model-server';
import { ChatPage } from './support/chat-page';
import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';

const CITED_ANSWER = 'Monthly passes cost €12.90 ([[Pedalpath pricing experiment]]).';

// Context where people write (issue 12), in Chromium against the scripted model over HTTP: what
// the user can do with an answer in the note they were writing.
describe('context and answer actions', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    session = await startPlaygroundSession({ modelServer: { scenarios: { cite: scenario().turn((t) => t.text(CITED_ANSWER, { chunkChars: 12 }).usage(1200, 40)) } } });
    await session.open();
    chat = new ChatPage(session.page);
  });

  afterAll(async () => {
    await session.close();
  });

  beforeEach(async () => {
    await chat.panel.locator('[data-testid="new-chat"]').click();
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
    expect(onDisk.startsWith(CITED_ANSWER)).toBe(true);
    expect(onDisk).not.toContain('<!--');

    await actions.locator('[data-testid="answer-open-cited"]').click();
    await page.waitForSelector('[data-testid="note-pane"][data-path="Projects/Pedalpath pricing experiment.md"]');

    await chat.header.click();
    await expect(chat.block.locator('[data-testid="reasoning-usage"]').textContent()).resolves.toMatch(/^Tokens: 1.?200 in \/ 40 out$/);
    expect(session.pageErrors).toEqual([]);
  });
});
