import type { ChatPage } from './support/chat-page';
import { openChatPlayground } from './support/chat-playground';
import type { PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// Search by meaning as a user turns it on (issue 13 item 5), in Chromium against the scripted
// model server, whose /v1/embeddings answers deterministically: the setting, the command with
// its plan and confirmation, progress in the status bar, then an answer that searched with it.
describe('search by meaning', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    ({ session, chat } = await openChatPlayground());
  });

  afterAll(async () => {
    await session.close();
  });

  const embeddingRequests = () => session.modelServer.requests.filter((request) => request.path === '/v1/embeddings');

  const answerText = async () => (await chat.lastAnswer.locator('.glassbox-message-markdown').textContent()) ?? '';
  const PARAPHRASE = 'What do I do if I am ill?';

  it('is turned on in the settings, asks before sending the notes, shows progress, and then searches by meaning', async () => {
    const { page } = session;
    // Words alone: no note says "ill".
    await chat.ask(PARAPHRASE);
    await chat.waitForIdle();
    await expect(answerText()).resolves.toBe('I could not find anything about ill in your notes.');
    await chat.panel.locator('[data-testid="new-chat"]').click();

    await page.locator('[data-testid="settings-open"]').click();
    const modal = page.locator('[data-testid="settings-modal"]');
    await modal.waitFor({ state: 'visible' });
    await modal.locator('.setting-item', { hasText: 'Search by meaning', has: page.locator('.checkbox-container') }).locator('.checkbox-container').click();
    // By its name: the "Embeddings base URL" row mentions the embedding model too.
    const model = modal.locator('.setting-item', { has: page.locator('.setting-item-name', { hasText: /^Embedding model$/ }) }).locator('input');
    await model.fill('nomic-embed-text');
    await model.press('Tab');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(embeddingRequests()).toHaveLength(0);

    await page.locator('[data-testid="commands-open"]').click();
    await page.getByRole('menuitem', { name: 'Glassbox: Embed notes for search by meaning' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Embed notes for search by meaning' });
    await dialog.waitFor();
    await expect(dialog.innerText()).resolves.toMatch(/\d+ notes \([\d,]+ passages, about [\d,]+ tokens, no known price: free on a local server\)/);
    await saveScreenshot(page, 'embed-notes-dialog', dialog);
    expect(embeddingRequests()).toHaveLength(0);
    // The status bar's lines while it runs (the scripted server answers too fast to catch by polling).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statusLines: string[] }).statusLines = seen;
      const bar = document.querySelector('.playground-status-bar')!;
      new MutationObserver(() => seen.push(bar.textContent ?? '')).observe(bar, { subtree: true, childList: true, characterData: true });
    });
    await dialog.getByRole('button', { name: 'Embed notes' }).click();
    const ready = page.locator('.notice', { hasText: 'search by meaning is ready' });
    await ready.waitFor({ timeout: 30000 });
    expect(embeddingRequests().length).toBeGreaterThan(0);
    const statusLines = await page.evaluate(() => (window as unknown as { statusLines: string[] }).statusLines);
    expect(statusLines.some((line) => /Embedding notes: [\d,]+ \/ [\d,]+ passages/.test(line))).toBe(true);
    await expect(page.locator('.glassbox-embedding-status').isVisible()).resolves.toBe(false);
    // It stays until clicked (it would cover the chat's History and New chat): a click dismisses it.
    await ready.click();
    await ready.waitFor({ state: 'detached' });

    const sentBefore = embeddingRequests().length;
    await chat.ask('What did we decide about pricing?');
    await chat.waitForIdle();
    // The agent's searches embedded their queries: localSearch fused meaning in.
    expect(embeddingRequests().length).toBeGreaterThan(sentBefore);
  });

  it('finds the note a paraphrase means: "ill" finds the sick-leave rule, which shares no word with it', async () => {
    await chat.panel.locator('[data-testid="new-chat"]').click();
    await chat.ask(PARAPHRASE);
    await chat.waitForIdle();
    await expect(chat.steps.allTextContents()).resolves.toContainEqual(expect.stringMatching(/^Found \d+ notes: Vacation and leave/));
    await expect(answerText()).resolves.toContain('Vacation and leave: "Sick leave: tell your lead the same morning; no doctor\'s note needed for up to three days."');
    await chat.openTrace();
    await chat.panel.locator('[data-testid="message-user"]').last().scrollIntoViewIfNeeded();
    await saveScreenshot(session.page, 'search-by-meaning-answer', chat.panel);
    expect(session.pageErrors).toEqual([]);
  });
});
