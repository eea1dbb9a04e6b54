import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChatPage } from './support/chat-page';
import { openChatPlayground } from './support/chat-playground';
import type { PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// What the README promises, shown by the demo's own scripted model (the extractive policy, no
// scenario): a note edit on an approval card with its diff, approved and then undone; and a
// stopped answer that "Continue" finishes.

const NOTE = 'Meetings/2026-10-08 Weekly sync.md';

describe('the demo model', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;
  const onDisk = () => readFile(path.join(session.vaultDir, ...NOTE.split('/')), 'utf8');

  beforeAll(async () => {
    // Slow enough that a person (and the test) can press Stop while the answer streams.
    ({ session, chat } = await openChatPlayground({ modelServer: { chunkDelayMs: 40, extractive: { chunkChars: 6 } } }));
  });

  afterAll(async () => {
    await session.close();
  });

  beforeEach(async () => {
    await chat.panel.locator('[data-testid="new-chat"]').click();
  });

  it('proposes an edit with its diff, writes it once approved, and "Undo the last change" takes it back', async () => {
    const { page } = session;
    const original = await onDisk();
    await chat.ask('In [[2026-10-08 Weekly sync]], change €120 to €140 and twelve to fourteen.');
    const card = chat.panel.locator('[data-testid="approval-card"]');
    await card.waitFor();
    await expect(card.locator('[data-testid="approval-title"]').textContent()).resolves.toBe(`Edit ${NOTE}?`);
    await expect(card.locator('[data-diff="removed"] mark').allTextContents()).resolves.toEqual(['120', 'twelve']);
    await expect(card.locator('[data-diff="added"] mark').allTextContents()).resolves.toEqual(['140', 'fourteen']);
    await saveScreenshot(page, 'note-write-diff', chat.panel);
    expect(await onDisk()).toBe(original);

    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await chat.waitForIdle();
    await expect(chat.lastAnswer.locator('.glassbox-message-markdown').textContent()).resolves.toBe('Done: I edited 2026-10-08 Weekly sync (+1 −1 lines).');
    await page.evaluate(() => window.glassboxPlayground?.flushWrites());
    const edited = await onDisk();
    expect(edited).toBe(original.replace('€120 (twelve people now)', '€140 (fourteen people now)'));

    await page.locator('[data-testid="commands-open"]').click();
    await page.getByRole('menuitem', { name: 'Glassbox: Undo the last change' }).click();
    const notice = page.locator('.notice', { hasText: `Undid the last change to ${NOTE}.` });
    await notice.waitFor();
    await page.evaluate(() => window.glassboxPlayground?.flushWrites());
    expect(await onDisk()).toBe(original);
    // Issue 38 item 3: the notice sat on History / New tab / New chat for minutes, taking their clicks.
    const box = await notice.boundingBox();
    for (const name of ['History', 'New tab', 'New chat']) {
      const button = await chat.panel.getByRole('button', { name, exact: true }).boundingBox();
      const overlaps = box !== null && button !== null && box.x < button.x + button.width && button.x < box.x + box.width && box.y < button.y + button.height && button.y < box.y + box.height;
      expect({ name, overlaps }).toEqual({ name, overlaps: false });
    }
    await saveScreenshot(page, 'notice-beside-chat');
    // Without a duration it goes away by itself after a few seconds, as in Obsidian.
    await notice.waitFor({ state: 'detached', timeout: 10000 });
    expect(session.pageErrors).toEqual([]);
  });

  it('stopped while the answer streams, "Continue" finishes it without searching again', async () => {
    const { page } = session;
    await chat.ask('How do we review code?');
    const body = '.playground-sidebar [data-testid="message-assistant"]:last-of-type .glassbox-message-markdown';
    await page.waitForFunction((selector) => (document.querySelector(selector)?.textContent ?? '').includes('Code review guidelines'), body, { timeout: 20000 });
    await chat.panel.locator('[data-testid="stop-button"]').click();
    await chat.waitForStatus(['stopped']);
    await chat.waitForIdle();
    const answerText = async () => (await chat.lastAnswer.locator('.glassbox-message-markdown').textContent()) ?? '';
    const stopped = await answerText();
    expect(stopped).not.toContain('one working day');
    const searchesBefore = session.modelServer.requests.length;

    await chat.panel.getByRole('button', { name: 'Continue', exact: true }).click();
    await chat.waitForIdle(30000);
    const continued = await answerText();
    // The quote the stop cut, whole again, and the rest; not the whole answer from its start.
    expect(continued).toMatch(/^Code review guidelines: .*"Reviewers answer within one working day\."$/s);
    expect(continued).not.toContain('Here is what your notes say');
    // One model request, no tool call: the stopped run had searched and read already.
    const sent = session.modelServer.requests.slice(searchesBefore).filter((request) => request.path === '/v1/chat/completions');
    expect(sent).toHaveLength(1);
    await saveScreenshot(page, 'continue-after-stop-demo', chat.panel);
    expect(session.pageErrors).toEqual([]);
  });

  // Issue 38 item 10: with a long trace open, the wheel scrolled the whole panel, clipping the toolbar.
  it('with a long trace open, the wheel scrolls the messages and never the whole panel', async () => {
    const { page } = session;
    await chat.ask('What did we decide about pricing?');
    await chat.waitForIdle();
    await chat.openTrace();
    const toolbarTop = async () => (await chat.panel.getByRole('button', { name: 'History', exact: true }).boundingBox())?.y;
    const before = await toolbarTop();
    await page.mouse.move(1200, 400);
    for (let turn = 0; turn < 6; turn += 1) await page.mouse.wheel(0, 600);
    await page.mouse.move(1200, 830);
    for (let turn = 0; turn < 6; turn += 1) await page.mouse.wheel(0, 600);
    expect(await toolbarTop()).toBe(before);
    const viewContent = page.locator('.playground-sidebar .view-content.glassbox-chat-view:visible');
    await expect(viewContent.evaluate((element) => ({ top: element.scrollTop, overflows: element.scrollHeight > element.clientHeight + 1 }))).resolves.toEqual({ top: 0, overflows: false });
    await saveScreenshot(page, 'panel-after-wheel', chat.panel);
  });

  it('a tool output taller than its box scrolls under the pointer, and is no scroll container otherwise', async () => {
    const { page } = session;
    await chat.ask('What did we decide about pricing?');
    await chat.waitForIdle();
    await chat.openTrace();
    const output = chat.block.locator('[data-testid="tool-output"] pre').first();
    // A box shorter than its text, as a long output is against its 24em (styles.css).
    const shorter = await page.addStyleTag({ content: '.glassbox-tool-output pre { max-height: 2em; }' });
    await output.scrollIntoViewIfNeeded();
    await expect(output.evaluate((el) => el.scrollHeight > el.clientHeight)).resolves.toBe(true);
    await page.mouse.move(0, 0);
    await expect(output.evaluate((el) => getComputedStyle(el).overflowY)).resolves.toBe('clip');
    await output.hover();
    await expect(output.evaluate((el) => getComputedStyle(el).overflowY)).resolves.toBe('auto');
    await page.mouse.wheel(0, 40);
    await page.waitForFunction((el) => el !== null && el.scrollTop > 0, await output.elementHandle());
    await shorter.evaluate((style) => (style as Element).remove());
  });
});
