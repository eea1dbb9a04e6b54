import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { scenario } from '../../tools/model-server';
import { serializeConversationNote } from '../../src/conversation';
import { ConversationBuilder } from '../support/conversation-builder';
import type { ChatPage } from './support/chat-page';
import { openChatPlayground } from './support/chat-playground';
import type { PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// The message list in real Chromium: it keeps the newest answer in view while the user is at the
// end, lets them scroll up while an answer streams (a "Jump to latest" button brings them back),
// and a reopened long conversation opens at its end.

const PARAGRAPHS = Array.from({ length: 14 }, (_, index) => `Paragraph ${index + 1}: the pricing review kept monthly passes at €12.90 for new riders.`).join('\n\n');

describe('the chat follows the newest message', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    ({ session, chat } = await openChatPlayground({
      model: 'paragraphs',
      modelServer: {
        scenarios: {
          paragraphs: scenario().turn((t) => t.text(PARAGRAPHS, { chunkChars: 120 }).delay(5)),
          'long-paragraphs': scenario().turn((t) => t.text(`${PARAGRAPHS}\n\n${PARAGRAPHS}\n\n${PARAGRAPHS}`, { chunkChars: 200 }).delay(5)),
          // About 12 s of streaming: time to scroll up, watch it not pull back, and jump down.
          'slow-paragraphs': scenario().turn((t) => t.text(`${PARAGRAPHS}\n\n${PARAGRAPHS}\n\n${PARAGRAPHS}`, { chunkChars: 12 }).delay(35)),
        },
      },
    }));
  });

  afterAll(async () => {
    await session.close();
  });

  const list = () => chat.panel.locator('[data-testid="message-list"]');
  const jump = () => chat.panel.getByRole('button', { name: 'Jump to latest' });
  /** scrollTop, the largest scrollTop, and whether the list overflows. */
  const position = () =>
    list().evaluate((element) => ({ top: element.scrollTop, max: element.scrollHeight - element.clientHeight }));
  /** Waits until the streamed answer has made the list's content taller than `height` (its scrollable range). */
  const waitForGrowthPast = (height: number) =>
    session.page.waitForFunction((past) => {
      const element = document.querySelector('.playground-sidebar [data-testid="message-list"]');
      return element !== null && element.scrollHeight - element.clientHeight > past;
    }, height);
  const waitUntilAtEnd = () =>
    session.page.waitForFunction(() => {
      const element = document.querySelector('.playground-sidebar [data-testid="message-list"]');
      return element !== null && element.scrollHeight - element.clientHeight - element.scrollTop <= 2;
    });

  it('is at its end after three questions', async () => {
    await chat.panel.locator('[data-testid="new-chat"]').click();
    for (const question of ['What did we decide about pricing?', 'And for tourists?', 'Who decided it?']) {
      await chat.ask(question);
      await chat.waitForIdle();
    }
    // Waiting for the end is the assertion: without following, the list stays at its top.
    await waitUntilAtEnd();
    const { top, max } = await position();
    expect(max).toBeGreaterThan(500);
    expect(max - top).toBeLessThanOrEqual(2);
    await expect(chat.panel.locator('[data-testid="message-user"] .glassbox-user-text').last().textContent()).resolves.toBe('Who decided it?');
    expect(await jump().count()).toBe(0);
  });

  it('stops following when the user scrolls up while an answer streams; "Jump to latest" goes back and follows again', async () => {
    const { page } = session;
    await chat.panel.locator('[data-testid="new-chat"]').click();
    await chat.ask('Summarise the pricing review.');
    await chat.waitForIdle();
    // Its reasoning block folds a second after its answer started: done before the scroll
    // position is read below (a fold above the view moves scrollTop, not what the user sees).
    await chat.block.and(page.locator('[data-expanded="false"]')).waitFor();
    await chat.useModel('slow-paragraphs');
    await chat.ask('Summarise it again, at length.');
    // The stream has filled the view and the list followed it.
    await page.waitForFunction(() => {
      const element = document.querySelector('.playground-sidebar [data-testid="message-list"]');
      return element !== null && element.scrollHeight - element.clientHeight > 600 && element.scrollHeight - element.clientHeight - element.scrollTop <= 2;
    }, undefined, { timeout: 15000 });
    expect(await chat.panel.locator('[data-testid="stop-button"]').count()).toBe(1);

    const box = (await list().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await jump().waitFor();
    await saveScreenshot(page, 'jump-to-latest', chat.panel);
    const scrolledTo = (await position()).top;
    const grownFrom = (await position()).max;
    await waitForGrowthPast(grownFrom + 300);
    const later = await position();
    // The answer went on growing below, and the list stayed where the user put it.
    expect(later.max).toBeGreaterThan(grownFrom);
    expect(Math.abs(later.top - scrolledTo)).toBeLessThanOrEqual(1);
    expect(later.max - later.top).toBeGreaterThan(300);

    // Keyboard reachable: focus the button and press Enter.
    await jump().focus();
    await page.keyboard.press('Enter');
    await waitUntilAtEnd();
    expect(await jump().count()).toBe(0);
    await waitForGrowthPast(later.max + 200);
    const following = await position();
    expect(following.max).toBeGreaterThan(later.max);
    expect(following.max - following.top).toBeLessThanOrEqual(2);
    await chat.waitForIdle(30000);
    await waitUntilAtEnd();
    await chat.useModel('paragraphs');
    expect(session.pageErrors).toEqual([]);
  });

  it('keeps its height and its end in view when a finished answer\'s blocks off screen are skipped', async () => {
    const { page } = session;
    await chat.panel.locator('[data-testid="new-chat"]').click();
    await chat.useModel('long-paragraphs');
    await chat.ask('Summarise the pricing review at length.');
    await chat.waitForIdle();
    const blocks = chat.lastAnswer.locator('.glassbox-message-markdown > .glassbox-piece');
    // A few frames after the end the first blocks, far above the view, are skipped by the browser.
    await page.waitForFunction(() => {
      const answers = document.querySelectorAll('.playground-sidebar [data-testid="message-assistant"]');
      // The block's own content: the block itself stays (at its remembered height), its content is skipped.
      const first = answers[answers.length - 1]?.querySelector('.glassbox-piece > *');
      return first !== null && first !== undefined && !first.checkVisibility({ contentVisibilityAuto: true });
    });
    await waitUntilAtEnd();
    const skipped = await position();
    // Each skipped block stands in at the height it was laid out with: showing them all changes nothing.
    const shown = await page.addStyleTag({ content: '.glassbox-piece { content-visibility: visible !important; }' });
    const laidOut = await position();
    await shown.evaluate((element) => (element as HTMLElement).remove());
    expect(await blocks.count()).toBeGreaterThan(30);
    expect(skipped.max).toBeGreaterThan(1500);
    expect(Math.abs(skipped.max - laidOut.max)).toBeLessThanOrEqual(1);
    expect(skipped.max - skipped.top).toBeLessThanOrEqual(2);
    await chat.useModel('paragraphs');
    expect(session.pageErrors).toEqual([]);
  });

  it('opens a reopened long conversation at its end', async () => {
    const { page } = session;
    const builder = new ConversationBuilder().with({ id: 'gb-follow-long', title: 'A long talk about pricing' });
    for (let turn = 1; turn <= 30; turn += 1) builder.user(`Question ${turn} about pricing?`).assistant(`Answer ${turn}.\n\n${PARAGRAPHS}`);
    const folder = path.join(session.vaultDir, 'Glassbox', 'Conversations');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'A long talk about pricing.md'), serializeConversationNote(builder.build()));
    await page.reload();
    await page.waitForSelector('[data-playground-ready="true"]');
    await chat.panel.locator('[data-testid="history-toggle"]').click();
    await chat.panel.locator('[data-testid="history-item"]', { hasText: 'A long talk about pricing' }).first().click();
    await chat.panel.locator('[data-testid="message-user"]', { hasText: 'Question 30 about pricing?' }).waitFor();
    await waitUntilAtEnd();
    const { top, max } = await position();
    expect(max).toBeGreaterThan(2000);
    expect(max - top).toBeLessThanOrEqual(2);
    await expect(chat.lastAnswer.textContent()).resolves.toContain('Answer 30.');
    expect(await jump().count()).toBe(0);
    expect(session.pageErrors).toEqual([]);
  });
});
