import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { scenario } from '../../tools/model-server';
import type { ChatPage } from './support/chat-page';
import { openChatPlayground } from './support/chat-playground';
import type { PlaygroundSession } from './support/playground-session';

// Note writes in the real plugin in Chromium (issue 14): the agent proposes a change, the card
// shows its diff, and the change reaches the vault folder on disk only when approved.

const NOTE = 'Meetings/2026-10-08 Weekly sync.md';

describe('note writes', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;
  let original: string;
  const onDisk = () => readFile(path.join(session.vaultDir, ...NOTE.split('/')), 'utf8');

  beforeAll(async () => {
    ({ session, chat } = await openChatPlayground({
      modelServer: {
        scenarios: {
          'edit-budget': scenario()
            .turn((t) => t.toolCall('editNote', { path: NOTE, find: 'budget goes up to €120 (twelve people now)', replace: 'budget goes up to €140 (fourteen people now)' }, { id: 'call_1' }))
            .turn((t) => t.text('Updated the lunch budget in [[2026-10-08 Weekly sync]].')),
          'append-summary': scenario()
            .turn((t) => t.toolCall('appendToNote', { path: NOTE, content: '## Summary\n\n<img src=x onerror="window.__pwned=1">Rollout at 25%.\n' }, { id: 'call_1' }))
            .turn((t) => t.text('I left the note as it was.')),
        },
      },
    }));
    original = await onDisk();
  });

  afterAll(async () => {
    await session.close();
  });

  beforeEach(async () => {
    await chat.panel.locator('[data-testid="new-chat"]').click();
  });

  it('shows the diff with the changed words marked, waits for approval, and Approve writes the note', async () => {
    const { page } = session;
    await chat.useModel('edit-budget');
    await chat.ask('Bump the lunch budget to €140, we are fourteen now.');
    const card = chat.panel.locator('[data-testid="approval-card"]');
    await card.waitFor();
    await expect(chat.label.textContent()).resolves.toBe('Waiting for your approval');
    await expect(card.locator('[data-testid="approval-title"]').textContent()).resolves.toBe(`Edit ${NOTE}?`);
    await expect(card.locator('[data-diff="removed"] mark').allTextContents()).resolves.toEqual(['120', 'twelve']);
    await expect(card.locator('[data-diff="added"] mark').allTextContents()).resolves.toEqual(['140', 'fourteen']);
    // Keyboard: focus is on the card, Tab reaches Approve first.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('approval-card');
    // The README's picture of this card is taken from the demo's own model (demo-model.e2e.ts).
    expect(await onDisk()).toBe(original);

    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Approve');
    await page.keyboard.press('Enter');
    await chat.waitForIdle();
    await page.waitForFunction(() => document.querySelector('.playground-sidebar [data-testid="write-change"]')?.getAttribute('data-write-status') === 'ok');
    const expected = original.replace('budget goes up to €120 (twelve people now)', 'budget goes up to €140 (fourteen people now)');
    // The playground's vault writes reach the disk through its server: flushing them is the event.
    await page.evaluate(() => window.glassboxPlayground?.flushWrites());
    expect(await onDisk()).toBe(expected);
    original = expected;
    expect(session.pageErrors).toEqual([]);
  });

  it('Reject leaves the note on disk untouched, and model text in the diff stays text', async () => {
    const { page } = session;
    await chat.useModel('append-summary');
    await chat.ask('Add a summary to the weekly sync.');
    const card = chat.panel.locator('[data-testid="approval-card"]');
    await card.waitFor();
    await expect(card.locator('[data-testid="note-diff"]').textContent()).resolves.toContain('<img src=x onerror="window.__pwned=1">Rollout at 25%.');
    await expect(card.locator('img').count()).resolves.toBe(0);
    await card.locator('button', { hasText: 'Reject' }).click();
    await chat.waitForIdle();
    await page.waitForFunction(() => document.querySelector('.playground-sidebar [data-testid="write-change"]')?.getAttribute('data-write-status') === 'declined');
    await expect(chat.lastAnswer.textContent()).resolves.toContain('I left the note as it was.');
    // An absence check: a wrongly made write would be in the page's queue of writes to the disk; flush it.
    await page.evaluate(() => window.glassboxPlayground?.flushWrites());
    expect(await onDisk()).toBe(original);
    await expect(page.evaluate(() => (window as { __pwned?: number }).__pwned)).resolves.toBeUndefined();
    expect(session.pageErrors).toEqual([]);
  });
});
