import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { scenario } from '../../tools/model-server';
import type { ChatPage } from './support/chat-page';
import { openChatPlayground } from './support/chat-playground';
import type { PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// Regenerate and "Undo this turn" under an answer (DESIGN.md 12.3, issue 28 items 5 and 6) in the
// real plugin in Chromium: the scripted model server answers each request with its next turn, so a
// regenerated answer differs from the first; the writing run's note change reaches the disk and
// the undo takes it back there.

const NOTE = 'Meetings/2026-10-08 Weekly sync.md';
const FIRST = 'The lunch budget is €120 for twelve people.';
const SECOND = 'Lunch is budgeted at €120, as agreed in the weekly sync of 8 October.';

describe('regenerate and undo this turn', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;
  const onDisk = () => readFile(path.join(session.vaultDir, ...NOTE.split('/')), 'utf8');

  beforeAll(async () => {
    ({ session, chat } = await openChatPlayground({
      modelServer: {
        scenarios: {
          budget: scenario()
            .turn((t) => t.text(FIRST))
            .turn((t) => t.text(SECOND))
            .turn((t) => t.text('Snacks come out of the same budget.'))
            .selectTurnsBy('request'),
          'edit-budget': scenario()
            .turn((t) => t.toolCall('editNote', { path: NOTE, find: 'budget goes up to €120 (twelve people now)', replace: 'budget goes up to €140 (fourteen people now)' }, { id: 'call_1' }))
            .turn((t) => t.text('Updated the lunch budget in [[2026-10-08 Weekly sync]].')),
        },
      },
    }));
  });

  afterAll(async () => {
    await session.close();
  });

  beforeEach(async () => {
    await chat.panel.locator('[data-testid="new-chat"]').click();
  });

  const versions = () => chat.panel.locator('[data-testid="answer-version"]');

  it('Regenerate puts a new answer beside the old one: "2 / 2", back to "1 / 2", both kept in the note and reopened', async () => {
    const { page } = session;
    await chat.useModel('budget');
    await chat.ask('What is the lunch budget?');
    await chat.waitForIdle();
    await expect(chat.lastAnswer.textContent()).resolves.toContain(FIRST);

    await chat.panel.getByRole('button', { name: /^Regenerate/ }).click();
    await chat.waitForIdle();
    await expect(chat.lastAnswer.textContent()).resolves.toContain(SECOND);
    await expect(versions().textContent()).resolves.toBe('2 / 2');
    await expect(chat.panel.locator('[data-testid="message-assistant"]').count()).resolves.toBe(1);
    await expect(chat.panel.getByRole('group', { name: 'Answer versions' }).getByText('2 / 2').getAttribute('aria-label')).resolves.toBe('Answer 2 of 2');
    await saveScreenshot(page, 'regenerate-two-answers', chat.panel);

    // Keyboard: the Previous answer button takes focus and Enter switches.
    await chat.panel.getByRole('button', { name: 'Previous answer' }).focus();
    await page.keyboard.press('Enter');
    await expect(versions().textContent()).resolves.toBe('1 / 2');
    await expect(chat.lastAnswer.textContent()).resolves.toContain(FIRST);
    await expect(chat.lastAnswer.textContent()).resolves.not.toContain(SECOND);

    // The note keeps both answers, the second headed as regenerated.
    await page.evaluate(() => window.glassboxPlayground?.flushWrites());
    const folder = path.join(session.vaultDir, 'Glassbox', 'Conversations');
    const names = (await readdir(folder)).filter((name) => name.startsWith('What is the lunch budget'));
    expect(names).toHaveLength(1);
    const note = await readFile(path.join(folder, names[0]), 'utf8');
    expect(note).toContain(FIRST);
    expect(note).toContain(SECOND);
    expect(note).toMatch(/^### 🤖 Glassbox \(regenerated\) · /m);

    // Reopened from the history after a reload: the answer chosen last, with its arrows.
    await page.reload();
    await page.waitForSelector('[data-playground-ready="true"]');
    await chat.panel.locator('[data-testid="history-toggle"]').click();
    await chat.panel.locator('[data-testid="history-item"]', { hasText: 'What is the lunch budget' }).first().click();
    await versions().waitFor();
    await expect(versions().textContent()).resolves.toBe('1 / 2');
    await expect(chat.lastAnswer.textContent()).resolves.toContain(FIRST);

    // The next question continues from the answer shown.
    const before = session.modelServer.requests.length;
    await chat.ask('And snacks?');
    await chat.waitForIdle();
    const sent = session.modelServer.requests.slice(before).find((request) => request.path === '/v1/chat/completions')?.body?.messages ?? [];
    const answers = sent.filter((message) => message.role === 'assistant').map((message) => message.content);
    expect(answers).toEqual([FIRST]);
    expect(session.pageErrors).toEqual([]);
  });

  it('Undo this turn takes back the note change the run made', async () => {
    const { page } = session;
    const original = await onDisk();
    await chat.useModel('edit-budget');
    await chat.ask('Bump the lunch budget to €140, we are fourteen now.');
    const card = chat.panel.locator('[data-testid="approval-card"]');
    await card.waitFor();
    await card.locator('button', { hasText: 'Approve' }).first().click();
    await chat.waitForIdle();
    await page.evaluate(() => window.glassboxPlayground?.flushWrites());
    expect(await onDisk()).toBe(original.replace('budget goes up to €120 (twelve people now)', 'budget goes up to €140 (fourteen people now)'));

    await chat.panel.getByRole('button', { name: 'Undo this turn' }).click();
    const status = chat.lastAnswer.locator('[data-testid="answer-status"]');
    await page.waitForFunction(() => (document.querySelector('.playground-sidebar [data-testid="message-assistant"]:last-of-type [data-testid="answer-status"]')?.textContent ?? '') !== '');
    await expect(status.textContent()).resolves.toMatch(/^Undid this turn/);
    await saveScreenshot(page, 'undo-this-turn', chat.panel);
    await page.evaluate(() => window.glassboxPlayground?.flushWrites());
    expect(await onDisk()).toBe(original);
    expect(session.pageErrors).toEqual([]);
  });
});
