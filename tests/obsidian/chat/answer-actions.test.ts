import { act, fireEvent, within } from '@testing-library/react/pure';
import { MarkdownView, type TFile } from '../../../tools/fake-obsidian';
import { neutraliseMessageText } from '../../../src/conversation';
import { NoteChangeLog } from '../../../src/writes';
import { ObsidianNoteWriter } from '../../../src/obsidian/notes/obsidian-note-writer';
import { scenario } from '../../../tools/model-server';
import { openChatView, sendMessage, until } from '../../support/chat-view-harness';

const ANSWER = 'Refunds take **14 days**, see [[Refund policy]] and [[Old refunds]].';

async function chatWithDraft(draftText = 'Line one\nLine two', changes = new NoteChangeLog(), answer = ANSWER) {
  const chat = await openChatView({ model: 'cite', tools: [], extra: { changes }, scenarios: { cite: scenario().turn((t) => t.text(answer).usage(321, 45)) } });
  const { app } = chat;
  await app.vault.create('Refund policy.md', '# Refund policy\nRefunds take 14 days.');
  const draft = await app.vault.create('Draft.md', draftText);
  // The user writes in a note, then turns to the chat: the chat leaf is active, the note is not.
  await act(async () => {
    await app.workspace.getLeaf(false).openFile(draft, { active: true });
    await app.workspace.revealLeaf(chat.leaf);
  });
  const editor = (app.workspace.getMostRecentLeaf()!.view as MarkdownView).editor;
  editor.setCursor({ line: 1, ch: 4 });
  await sendMessage(chat.view.contentEl, 'How long do refunds take?');
  await until(() => !chat.view.controller.store.getState().running && chat.view.controller.lastAnswer() !== null);
  const actions = within(chat.view.contentEl).getByTestId('answer-actions');
  return { ...chat, draft, editor, actions };
}

describe('answer actions in the chat view', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  it('inserts the answer without markers at the cursor of the note the user was last in', async () => {
    const chat = await chatWithDraft();
    close = chat.close;
    expect(chat.view.controller.store.getState().messages[chat.view.controller.store.getState().messageIds[1]].content).toContain('<!--');
    await act(async () => fireEvent.click(within(chat.actions).getByTestId('answer-insert')));
    expect(chat.app.vault.readNow('Draft.md')).toBe(`Line one\nLine${ANSWER} two`);
    expect(within(chat.actions).getByTestId('answer-status').textContent).toBe('Inserted into Draft.md.');
  });

  it('never inserts into the properties: a cursor at 0:0 puts the answer after them, on lines of its own, and undo takes it back', async () => {
    const home = '---\ntags: [home]\nupdated: 2026-11-01\n---\n# Home\nWelcome.';
    const changes = new NoteChangeLog();
    const chat = await chatWithDraft(home, changes);
    close = chat.close;
    chat.editor.setCursor({ line: 0, ch: 0 });
    await act(async () => fireEvent.click(within(chat.actions).getByTestId('answer-insert')));
    expect(chat.app.vault.readNow('Draft.md')).toBe(`---\ntags: [home]\nupdated: 2026-11-01\n---\n${ANSWER}\n\n# Home\nWelcome.`);
    const outcome = await changes.undoLast(new ObsidianNoteWriter(chat.app as never));
    expect(outcome.message).toBe('Undid the last change to Draft.md.');
    expect(chat.app.vault.readNow('Draft.md')).toBe(home);
  });

  it('puts the answer after the properties when the note is in reading view, wherever its cursor was', async () => {
    const chat = await chatWithDraft('---\naliases: [Start]\n---\nIntro line');
    close = chat.close;
    const view = chat.app.workspace.getMostRecentLeaf()!.view as MarkdownView;
    view.mode = 'preview';
    chat.editor.setCursor({ line: 3, ch: 5 });
    await act(async () => fireEvent.click(within(chat.actions).getByTestId('answer-insert')));
    expect(chat.app.vault.readNow('Draft.md')).toBe(`---\naliases: [Start]\n---\n${ANSWER}\n\nIntro line`);
  });

  it('inserts what the chat shows: code Dataview would run stays code in the note, in the form a saved conversation stores it', async () => {
    const answer = 'Try this:\n\n```dataviewjs\ndv.paragraph("hi")\n```';
    const chat = await chatWithDraft('Line one\nLine two', new NoteChangeLog(), answer);
    close = chat.close;
    await act(async () => fireEvent.click(within(chat.actions).getByTestId('answer-insert')));
    expect(chat.app.vault.readNow('Draft.md')).toBe(`Line one\nLine${neutraliseMessageText(answer)} two`);
    expect(chat.app.vault.readNow('Draft.md')).toContain('```\u200bdataviewjs');
  });

  it('inserts nothing, and says where, when the answer would run in its place (issue 36: a fence the note opens)', async () => {
    const answer = 'dataviewjs\ndv.el("b", "x")\n```';
    // Inside a line the answer goes inline (at a line's end it would be a paragraph of its own): after the note's ``` it would name the fence's language.
    const chat = await chatWithDraft('```x\nafter', new NoteChangeLog(), answer);
    close = chat.close;
    chat.editor.setCursor({ line: 0, ch: 3 });
    await act(async () => fireEvent.click(within(chat.actions).getByTestId('answer-insert')));
    expect(chat.app.vault.readNow('Draft.md')).toBe('```x\nafter');
    expect(within(chat.actions).getByTestId('answer-status').textContent).toMatch(/^The answer was not inserted: Glassbox did not write "Draft\.md": line 1, column 1 holds a code block in "dataviewjs"/);
  });

  it('says so when no note is open to insert into', async () => {
    const chat = await chatWithDraft();
    close = chat.close;
    await act(async () => chat.app.workspace.getMostRecentLeaf()!.detach());
    await act(async () => fireEvent.click(within(chat.actions).getByTestId('answer-insert')));
    expect(within(chat.actions).getByTestId('answer-status').textContent).toBe('Open a note in the editor first; the answer goes at its cursor.');
    expect(chat.app.vault.readNow('Draft.md')).toBe('Line one\nLine two');
  });

  it('opens every cited note that exists and names the ones that do not, creating none', async () => {
    const chat = await chatWithDraft();
    close = chat.close;
    const button = within(chat.actions).getByTestId('answer-open-cited');
    expect(button.textContent).toBe('Open 2 cited notes');
    await act(async () => fireEvent.click(button));
    const opened: (TFile | null)[] = [];
    chat.app.workspace.iterateRootLeaves((leaf) => opened.push(leaf.openedFile));
    expect(opened.map((file) => file?.path)).toEqual(['Draft.md', 'Refund policy.md']);
    expect(chat.app.vault.getFileByPath('Old refunds.md')).toBeNull();
    expect(within(chat.actions).getByTestId('answer-status').textContent).toBe('No note matches [[Old refunds]].');
  });

  it('copies the answer without markers', async () => {
    const chat = await chatWithDraft();
    close = chat.close;
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      await act(async () => fireEvent.click(within(chat.actions).getByTestId('answer-copy')));
      expect(writeText).toHaveBeenCalledWith(ANSWER);
      expect(within(chat.actions).getByTestId('answer-status').textContent).toBe('Copied.');
    } finally {
      Reflect.deleteProperty(window.navigator, 'clipboard');
    }
  });

  it('shows the run token usage the endpoint reported in the reasoning block footer', async () => {
    const chat = await chatWithDraft();
    close = chat.close;
    expect(within(chat.view.contentEl).getByTestId('reasoning-usage').textContent).toMatch(/^Time: [\d.]+ m?s · Tokens: 321 in \/ 45 out$/);
  });
});
