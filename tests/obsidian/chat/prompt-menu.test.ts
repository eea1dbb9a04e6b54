import { act, fireEvent, within } from '@testing-library/react/pure';
import type { ChatRunRequest } from '../../../src/chat';
import { scenario } from '../../../tools/model-server';
import { REASON_PROMPT } from '../../../src/agent/prompts/phase-prompts';
import { openChatView, until } from '../../support/chat-view-harness';
import { chatRequests, messagesSent } from '../../support/wire-messages';

// Issue 29 item 2 (DESIGN.md 12.4): `/` at the start of the composer opens the custom prompts.

const FILES = {
  'Glassbox/Prompts/Summarize.md': '---\ndescription: Three bullets\n---\nSummarize {activeNote} in three bullets.',
  'Glassbox/Prompts/Meeting actions.md': 'List the action items of {#meeting}.',
  'copilot-custom-prompts/Fix grammar.md': '---\ncopilot-command-slash-enabled: true\n---\nFix the grammar of {}.',
  'Meetings/Kickoff.md': '---\ntags: [meeting]\n---\n- [ ] Maria drafts the brief',
  'Inbox/Draft.md': 'Notes for the pricing memo.',
};

async function promptsChat(files: Record<string, string> = FILES) {
  const prepared: ChatRunRequest[] = [];
  const done = scenario().turn((t) => t.text('Done.'));
  const chat = await openChatView({ model: 'plain', tools: [], files, prepared, scenarios: { plain: done, 'prompt-model': done } });
  const root = chat.view.contentEl;
  const input = () => within(root).getByTestId<HTMLTextAreaElement>('composer-input');
  const type = (text: string) => {
    act(() => {
      input().focus();
      fireEvent.input(input(), { target: { value: text, selectionStart: text.length } });
    });
  };
  const key = async (name: string) => {
    await act(async () => void fireEvent.keyDown(input(), { key: name }));
  };
  const menu = () => within(root).queryByRole('listbox', { name: 'Prompts' });
  const chipTexts = () => within(root).queryAllByTestId('context-chip').map((chip) => chip.querySelector('.glassbox-chip-label')!.textContent);
  return { ...chat, root, prepared, input, type, key, menu, chipTexts };
}

describe('the / prompt menu', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  it('lists the prompts of both folders with their descriptions, filtered as you type', async () => {
    const chat = await promptsChat();
    close = chat.close;
    chat.type('/');
    await until(() => within(chat.menu()!).queryAllByRole('option').length > 0);
    expect(within(chat.menu()!).getAllByRole('option').map((option) => option.textContent)).toEqual(['Fix grammar', 'Meeting actions', 'SummarizeThree bullets']);
    chat.type('/sum');
    expect(within(chat.menu()!).getAllByRole('option').map((option) => option.querySelector('.suggestion-content')!.textContent)).toEqual(['Summarize']);
    chat.type('Hello /sum');
    expect(chat.menu()).toBeNull();
  });

  it('Enter fills the composer with the prompt, attaches the notes it names, and the run is told which prompt it was', async () => {
    const chat = await promptsChat();
    close = chat.close;
    await act(async () => {
      await chat.app.workspace.getLeaf(false).openFile(chat.app.vault.getFileByPath('Inbox/Draft.md')!, { active: true });
    });
    chat.type('/meet');
    await until(() => within(chat.menu()!).queryAllByRole('option').length === 1);
    await chat.key('Enter');
    await until(() => chat.input().value !== '/meet');
    expect(chat.input().value).toBe('List the action items of the notes tagged #meeting ([[Kickoff]]).');
    expect(chat.menu()).toBeNull();
    expect(chat.chipTexts()).toEqual(['Draft', 'Kickoff']);
    await chat.key('Enter');
    await until(() => chat.prepared.length === 1);
    expect(chat.prepared[0].context).toEqual({ notes: ['Inbox/Draft.md', 'Meetings/Kickoff.md'], prompt: { name: 'Meeting actions', variables: [{ variable: '{#meeting}', filled: '1 note' }] } });
    await until(() => !chat.view.controller.store.getState().running);
    // The next question is not said to come from the prompt.
    chat.type('And then?');
    await chat.key('Enter');
    await until(() => chat.prepared.length === 2);
    expect(chat.prepared[1].context?.prompt).toBeUndefined();
  });

  it("a prompt that sets a model and loop runs with them, for its question only", async () => {
    const chat = await promptsChat({ ...FILES, 'Glassbox/Prompts/Weigh.md': '---\nmodel: prompt-model\nloop: reason-act-observe\n---\nWeigh {[[Kickoff]]}.' });
    close = chat.close;
    chat.type('/weigh');
    await until(() => within(chat.menu()!).queryAllByRole('option').length === 1);
    await chat.key('Enter');
    await until(() => chat.input().value === 'Weigh [[Kickoff]].');
    await chat.key('Enter');
    await until(() => chat.prepared.length === 1);
    await until(() => !chat.view.controller.store.getState().running);
    const promptRun = chatRequests(chat.server);
    expect(promptRun.map((request) => request.body?.model)).toEqual(promptRun.map(() => 'prompt-model'));
    expect(messagesSent(promptRun[0]).at(-1)).toEqual({ role: 'system', content: REASON_PROMPT });
    expect(within(chat.root).getByTestId<HTMLSelectElement>('model-picker').value).toBe('plain');
    chat.type('And then?');
    await chat.key('Enter');
    await until(() => chat.prepared.length === 2);
    await until(() => !chat.view.controller.store.getState().running);
    const next = chatRequests(chat.server).slice(promptRun.length);
    expect(next.map((request) => request.body?.model)).toEqual(next.map(() => 'plain'));
    expect(next.flatMap((request) => messagesSent(request)).some((message) => message.content === REASON_PROMPT)).toBe(false);
  });

  it('Escape closes the menu and leaves the text as typed', async () => {
    const chat = await promptsChat();
    close = chat.close;
    chat.type('/fix');
    await until(() => within(chat.menu()!).queryAllByRole('option').length === 1);
    await chat.key('Escape');
    expect(chat.menu()).toBeNull();
    expect(chat.input().value).toBe('/fix');
  });

  // Issue 38 item 6: after a pick and New chat a bare `/` showed nothing; a full name with a space closed the menu and Enter sent "/New prompt 1".
  it('opens again on a bare / after a prompt was used and New chat clicked, and keeps a name with spaces', async () => {
    const chat = await promptsChat({ ...FILES, 'Glassbox/Prompts/New prompt 1.md': 'Summarize {activeNote} in one line.' });
    close = chat.close;
    chat.type('/');
    await until(() => within(chat.menu()!).queryAllByRole('option').length > 0);
    await chat.key('Enter');
    await until(() => chat.input().value !== '/');
    await act(async () => {
      chat.view.controller.newChat();
      await Promise.resolve();
    });
    chat.type('');
    chat.type('/');
    await until(() => chat.menu() !== null && within(chat.menu()!).queryAllByRole('option').length > 0);
    chat.type('/New prompt 1');
    expect(within(chat.menu()!).getAllByRole('option').map((option) => option.querySelector('.suggestion-content')!.textContent)).toEqual(['New prompt 1']);
    await chat.key('Enter');
    await until(() => chat.input().value !== '/New prompt 1');
    expect(chat.input().value).toMatch(/^Summarize .* in one line\.$/);
    expect(chat.prepared).toEqual([]);
    // A question that starts with "/ " and names no prompt is no menu.
    chat.type('/ what about pricing');
    expect(chat.menu()).toBeNull();
  });

  // Issue 38 item 7: the composer took the focus, and `{selection}` read "(nothing selected)".
  it('fills {selection} from the selection the note\'s editor keeps while the chat has the focus', async () => {
    const chat = await promptsChat({ ...FILES, 'Inbox/Draft.md': 'Notes for the pricing memo.\nPasses at 12.90 euros.' });
    close = chat.close;
    const leaf = chat.app.workspace.getLeaf(false);
    await act(async () => {
      await leaf.openFile(chat.app.vault.getFileByPath('Inbox/Draft.md')!, { active: true });
    });
    const editor = (leaf.view as unknown as { editor: { setSelection(anchor: { line: number; ch: number }, head: { line: number; ch: number }): void } }).editor;
    editor.setSelection({ line: 1, ch: 0 }, { line: 1, ch: 22 });
    // The chat's leaf becomes the active one, as a click in the composer makes it.
    await act(async () => {
      chat.app.workspace.setActiveLeaf(chat.view.leaf as unknown as Parameters<typeof chat.app.workspace.setActiveLeaf>[0], { focus: true });
    });
    chat.type('/fix');
    await until(() => within(chat.menu()!).queryAllByRole('option').length === 1);
    await chat.key('Enter');
    await until(() => chat.input().value !== '/fix');
    expect(chat.input().value).toBe('Fix the grammar of Passes at 12.90 euros..');
  });
});
