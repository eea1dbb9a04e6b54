import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChatPage } from './support/chat-page';
import { openChatPlayground } from './support/chat-playground';
import type { PlaygroundSession } from './support/playground-session';
import { researchScenario } from './support/scenarios';
import { saveScreenshot } from './support/screenshots';

// Conversations as notes, end to end: a turn is saved into the real vault folder (through the
// playground's write API), a stopped turn too, and after a reload the saved conversation opens
// from History with its block folded and expandable, and renders in the note's reading view.
describe('saved conversations', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    ({ session, chat } = await openChatPlayground({
      model: 'research',
      modelServer: { scenarios: { research: researchScenario({ stepPauseMs: 500, answerDelayMs: 20 }), 'slow-answer': researchScenario({ stepPauseMs: 200, answerDelayMs: 400 }) } },
    }));
  });

  afterAll(async () => {
    await session.close();
  });

  const flush = () => session.page.evaluate(() => window.glassboxPlayground?.flushWrites());

  it('saves a finished turn as a note in the vault folder, marker and answer included', async () => {
    await chat.ask('What did we decide about pricing?');
    await chat.waitForIdle();
    await flush();
    const notes = await conversationNotes(session.vaultDir);
    expect(notes).toHaveLength(1);
    const text = await readFile(notes[0], 'utf8');
    expect(text).toContain('What did we decide about pricing?');
    expect(text).toContain('<!--REASONING_BLOCK:{"v":1,"status":"complete"');
    expect(text).toContain('Pay-per-ride stays for tourists.');
    // The file list of the frame shows the new note as well.
    const relative = path.relative(session.vaultDir, notes[0]).split(path.sep).join('/');
    await session.page.locator(`[data-testid="file-item"][data-path="${relative}"]`).waitFor();
  });

  it('saves a stopped turn with its stopped block', async () => {
    await chat.panel.locator('[data-testid="new-chat"]').click();
    await chat.useModel('slow-answer');
    await chat.ask('Summarise the pricing decision.');
    await chat.waitForStatus(['collapsed']);
    await session.page.waitForFunction((selector) => (document.querySelector(selector)?.textContent ?? '').includes('We decided'), '.playground-sidebar [data-testid="message-assistant"]:last-of-type [data-testid="assistant-message-body"]');
    await chat.panel.locator('[data-testid="stop-button"]').click();
    await chat.waitForStatus(['stopped']);
    await chat.waitForIdle();
    await flush();
    const texts = await Promise.all((await conversationNotes(session.vaultDir)).map((file) => readFile(file, 'utf8')));
    const stopped = texts.find((text) => text.includes('Summarise the pricing decision.'));
    expect(stopped).toContain('"status":"stopped"');
    expect(stopped).not.toContain('Pay-per-ride stays for tourists.');
    await chat.useModel('research');
  });

  it('reopens the saved conversation after a reload: folded, not live, same duration, expandable', async () => {
    const { page } = session;
    await chat.panel.locator('[data-testid="new-chat"]').click();
    await page.reload();
    await page.waitForSelector('[data-playground-ready="true"]');
    await chat.panel.locator('[data-testid="history-toggle"]').click();
    const item = chat.panel.locator('[data-testid="history-item"]', { hasText: 'What did we decide about pricing' });
    await item.first().click();
    await chat.block.waitFor();
    expect(await chat.block.getAttribute('data-live')).toBe('false');
    expect(await chat.expanded()).toBe('false');
    const label = await chat.label.textContent();
    expect(label).toMatch(/^Thought for (\d+s|less than a second)$/);
    await expect(chat.lastAnswer.textContent()).resolves.toContain('Pay-per-ride stays for tourists.');
    // A real wait is the thing tested: the label of a saved block stays put while more than a tick (1 s) passes.
    await page.waitForTimeout(1200);
    expect(await chat.label.textContent()).toBe(label);
    await chat.header.click();
    expect(await chat.expanded()).toBe('true');
    await expect(chat.block.locator('[data-testid="reasoning-content"]').textContent()).resolves.toContain('Checking the pricing review');
    await saveScreenshot(page, 'reloaded-conversation', chat.panel);
  });

  it("shows the saved block in the note's reading view through the plugin's post-processor", async () => {
    const { page } = session;
    const notes = await conversationNotes(session.vaultDir);
    const texts = await Promise.all(notes.map((file) => readFile(file, 'utf8')));
    const note = notes[texts.findIndex((text) => text.includes('What did we decide about pricing?'))];
    const relative = path.relative(session.vaultDir, note).split(path.sep).join('/');
    await page.locator(`[data-testid="file-item"][data-path="${relative}"]`).click();
    const pane = page.locator('[data-testid="note-pane"]');
    const block = pane.locator('[data-testid="reasoning-block"]');
    await block.first().waitFor();
    await expect(block.first().locator('[data-testid="reasoning-label"]').textContent()).resolves.toMatch(/^Thought for (\d+s|less than a second)$/);
    await block.first().locator('[data-testid="reasoning-header"]').click();
    await expect(block.first().locator('[data-testid="reasoning-content"]').textContent()).resolves.toContain('Planning the search');
    await saveScreenshot(page, 'reading-view');
  });

  it('shows the note in Live Preview with the block in place of its marker and the trailers hidden, raw under the cursor', async () => {
    const { page } = session;
    await page.locator('[data-testid="note-mode-toggle"]').click();
    const pane = page.locator('[data-testid="note-pane"][data-mode="live-preview"]');
    const content = pane.locator('.cm-content');
    const block = content.locator('[data-testid="reasoning-block"]');
    await block.first().waitFor();
    await expect(block.first().locator('[data-testid="reasoning-label"]').textContent()).resolves.toMatch(/^Thought for (\d+s|less than a second)$/);
    await expect(content.textContent()).resolves.not.toContain('GLASSBOX_MESSAGE');
    await expect(content.textContent()).resolves.not.toContain('REASONING_BLOCK');
    await expect(content.textContent()).resolves.toContain('Pay-per-ride stays for tourists.');
    await block.first().locator('[data-testid="reasoning-header"]').click();
    await expect(block.first().locator('[data-testid="reasoning-content"]').textContent()).resolves.toContain('Planning the search');
    await saveScreenshot(page, 'live-preview');
    // A click in the block outside its controls puts the cursor on the marker: it shows raw for editing.
    await block.first().locator('[data-testid="reasoning-content"]').click();
    await expect(content.textContent()).resolves.toContain('<!--REASONING_BLOCK:');
    await page.locator('[data-testid="note-mode-toggle"]').click();
  });
});

/** Every note under the conversations folder (`Glassbox/...`) of the vault on disk. */
async function conversationNotes(vaultDir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      // The conversations folder only: the sample vault's prompts live in Glassbox/Prompts.
      else if (path.relative(vaultDir, full).startsWith(`Glassbox${path.sep}Conversations${path.sep}`) && entry.name.endsWith('.md')) found.push(full);
    }
  };
  await walk(vaultDir);
  return found.sort();
}
