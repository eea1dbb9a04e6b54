import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChatPage } from './support/chat-page';
import { openChatPlayground } from './support/chat-playground';
import type { PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// Issue 39 (DESIGN.md 13.3) in Chromium, on the demo's own scripted model (the extractive policy,
// no scenario): it quotes the remote work policy, whose sentence links [[Dana Kowalski]], a note
// it never read. The chat marks that citation where it stands, sums the sources up, links the
// found quote to its line; the saved note shows the same in reading view and Live Preview.
const QUESTION = 'Who approves working from outside the EU?';
const UNREAD = 'Dana Kowalski is cited, but none of its text reached the model in this run';

describe('verified citations', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    ({ session, chat } = await openChatPlayground());
  });

  afterAll(async () => {
    await session.close();
  });

  it('marks the citation the run did not read, sums up the sources, and links the found quote to its line', async () => {
    const { page } = session;
    await chat.ask(QUESTION);
    await chat.waitForIdle();
    const answer = chat.lastAnswer;
    const mark = answer.locator('.glassbox-citation-mark');
    await mark.waitFor();
    await expect(mark.count()).resolves.toBe(1);
    await expect(mark.getAttribute('aria-label')).resolves.toBe(UNREAD);
    await expect(mark.getAttribute('data-citation')).resolves.toBe('unread');
    // Where it stands: right after the link to the note it is about.
    await expect(mark.evaluate((el) => el.previousElementSibling?.textContent)).resolves.toBe('Dana Kowalski');
    await expect(answer.getByRole('img', { name: UNREAD }).count()).resolves.toBe(1);
    await expect(answer.locator('.glassbox-citation-summary').textContent()).resolves.toBe('Sources: 2 · 1 not read');
    await saveScreenshot(page, 'verified-citations', chat.panel);

    const quote = answer.getByRole('link', { name: 'Open Remote work policy at line 13' });
    // The whole quoted sentence, the link it holds (and that link's mark) inside.
    await expect(quote.textContent()).resolves.toMatch(/^Working from outside the EU .* needs approval from Dana Kowalski.*, for tax reasons\.$/);
    await quote.click();
    const opened = await page.evaluate(() => {
      const last = (window.glassboxPlayground?.app.workspace as unknown as { openedLinks: { linktext: string; openViewState?: unknown }[] }).openedLinks.at(-1);
      return { linktext: last?.linktext, openViewState: last?.openViewState };
    });
    expect(opened).toEqual({ linktext: 'Handbook/Remote work policy.md', openViewState: { eState: { line: 12 } } });
    expect(session.pageErrors).toEqual([]);
  });

  it("shows the same marks on the saved note, in reading view and in Live Preview", async () => {
    const { page } = session;
    await page.evaluate(() => window.glassboxPlayground?.flushWrites());
    const folder = path.join(session.vaultDir, 'Glassbox', 'Conversations');
    const names = (await readdir(folder)).filter((name) => name.endsWith('.md'));
    const texts = await Promise.all(names.map((name) => readFile(path.join(folder, name), 'utf8')));
    const name = names[texts.findIndex((text) => text.includes(QUESTION))];
    expect(texts.find((text) => text.includes(QUESTION))).toContain('"citations":[{"target":"Remote work policy","status":"read"');
    await page.locator(`[data-testid="file-item"][data-path="Glassbox/Conversations/${name}"]`).click();
    const pane = page.locator('[data-testid="note-pane"]');
    await pane.getByRole('img', { name: UNREAD }).waitFor();
    await expect(pane.locator('.glassbox-citation-summary').textContent()).resolves.toBe('Sources: 2 · 1 not read');
    await page.locator('[data-testid="note-mode-toggle"]').click();
    const content = page.locator('[data-testid="note-pane"][data-mode="live-preview"] .cm-content');
    await content.getByRole('img', { name: UNREAD }).waitFor();
    expect(session.pageErrors).toEqual([]);
  });
});
