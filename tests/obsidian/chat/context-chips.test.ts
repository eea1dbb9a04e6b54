import { act, fireEvent, within } from '@testing-library/react/pure';
import type { ChatRunRequest } from '../../../src/chat';
import { scenario } from '../../../tools/model-server';
import { openChatView, sendMessage, until } from '../../support/chat-view-harness';

const FILES = {
  'Projects/Pricing experiment.md': '---\naliases: [Fare test]\ntags: [pricing]\n---\nPasses beat pay-per-ride.',
  'Projects/Website redesign.md': 'New site in March. #web',
  'Meetings/2026-09-17 Pricing review.md': 'Price fixed at 12.90. #pricing',
  'Inbox/Draft.md': 'Notes for the pricing memo.',
  'Inbox/Huge.md': 'x'.repeat(60_000),
  'Glassbox/Conversations/Pricing chat.md': '---\nglassbox: conversation\n---\n### 🧑 You · 2026-11-22 10:15\nWhat about pricing?\n',
};

async function chipsChat(settings: Record<string, unknown> = {}) {
  const prepared: ChatRunRequest[] = [];
  const chat = await openChatView({ model: 'plain', tools: [], files: FILES, prepared, scenarios: { plain: scenario().turn((t) => t.text('Done.')) } });
  Object.assign(chat.view['options'].settings.settings, settings);
  const root = chat.view.contentEl;
  const open = async (path: string) => {
    await act(async () => {
      await chat.app.workspace.getLeaf(false).openFile(chat.app.vault.getFileByPath(path)!, { active: true });
    });
  };
  const chipTexts = () => within(root).queryAllByTestId('context-chip').map((chip) => chip.querySelector('.glassbox-chip-label')!.textContent);
  const input = () => within(root).getByTestId<HTMLTextAreaElement>('composer-input');
  const type = (text: string) => {
    act(() => {
      input().focus();
      fireEvent.input(input(), { target: { value: text, selectionStart: text.length } });
    });
  };
  const key = (name: string) => act(() => void fireEvent.keyDown(input(), { key: name }));
  const options = (name: string) => within(within(root).getByRole('listbox', { name })).getAllByRole('option');
  const send = async (text: string) => {
    await sendMessage(root, text);
    await until(() => !chat.view.controller.store.getState().running);
  };
  return { ...chat, root, prepared, open, chipTexts, input, type, key, send, options };
}

describe('context chips above the composer', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  it('attaches the open note as a chip that follows the active note, and sends it with the question', async () => {
    const chat = await chipsChat();
    close = chat.close;
    await chat.open('Inbox/Draft.md');
    expect(chat.chipTexts()).toEqual(['Draft']);
    const chip = within(chat.root).getByTestId('context-chip');
    expect(chip.getAttribute('data-open')).toBe('true');
    expect(chip.textContent).toContain('~7 tokens');
    await chat.open('Projects/Website redesign.md');
    expect(chat.chipTexts()).toEqual(['Website redesign']);
    // Turning to the chat does not change the open note.
    await act(async () => chat.app.workspace.setActiveLeaf(chat.leaf));
    expect(chat.chipTexts()).toEqual(['Website redesign']);
    await chat.send('What is planned?');
    expect(chat.prepared[0].context).toEqual({ notes: ['Projects/Website redesign.md'] });
    // The next question starts with the open note again.
    expect(chat.chipTexts()).toEqual(['Website redesign']);
  });

  it('a saved conversation opened in a tab is not attached by itself, and [[ does not suggest conversations (issue 26)', async () => {
    const chat = await chipsChat();
    close = chat.close;
    await chat.open('Inbox/Draft.md');
    await chat.open('Glassbox/Conversations/Pricing chat.md');
    expect(chat.chipTexts()).toEqual([]);
    chat.type('Compare [[pricing');
    const labels = chat.options('Notes').map((option) => option.querySelector('.suggestion-content')!.textContent);
    expect(labels).toContain('Pricing experiment');
    expect(labels).not.toContain('Pricing chat');
  });

  it('a removed chip is not sent; the setting turns the open-note chip off', async () => {
    const chat = await chipsChat({ attachOpenNote: false });
    close = chat.close;
    await chat.open('Inbox/Draft.md');
    expect(chat.chipTexts()).toEqual([]);
    await act(async () => {
      chat.view['options'].settings.settings.attachOpenNote = true;
      chat.view.refresh();
    });
    expect(chat.chipTexts()).toEqual(['Draft']);
    fireEvent.click(within(chat.root).getByRole('button', { name: 'Remove Draft' }));
    expect(chat.chipTexts()).toEqual([]);
    await chat.send('Anything?');
    expect(chat.prepared[0].context).toEqual({});
  });

  it('[[ opens a note suggester (titles and aliases, fuzzy, keyboard first); the choice becomes a chip', async () => {
    const chat = await chipsChat({ attachOpenNote: false });
    close = chat.close;
    chat.type('Compare [[fare');
    const list = within(chat.root).getByRole('listbox', { name: 'Notes' });
    const options = within(list).getAllByRole('option');
    expect(options[0].textContent).toBe('Fare testPricing experiment');
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    expect(chat.input().getAttribute('aria-activedescendant')).toBe(options[0].id);

    chat.type('Compare [[prc rev');
    expect(chat.options('Notes')[0].textContent).toContain('2026-09-17 Pricing review');
    chat.type('Compare [[pric');
    const labels = chat.options('Notes').map((option) => option.querySelector('.suggestion-content')!.textContent);
    expect(labels).toEqual(expect.arrayContaining(['Pricing experiment', '2026-09-17 Pricing review']));
    chat.key('ArrowDown');
    const second = chat.options('Notes')[1];
    expect(second.getAttribute('aria-selected')).toBe('true');
    const picked = second.querySelector('.suggestion-content')!.textContent;
    chat.key('Enter');
    expect(within(chat.root).queryByRole('listbox', { name: 'Notes' })).toBeNull();
    // The sentence keeps the name it was going to link (issue 26).
    expect(chat.input().value).toBe(`Compare ${picked}`);
    expect(chat.chipTexts()).toEqual([picked]);
    expect(chat.view.controller.store.getState().running).toBe(false);

    chat.type('Compare [[web');
    chat.key('Escape');
    expect(within(chat.root).queryByRole('listbox', { name: 'Notes' })).toBeNull();
    expect(chat.input().value).toBe('Compare [[web');
    chat.key('Enter');
    await until(() => chat.prepared.length === 1);
    expect(chat.prepared[0].question).toBe('Compare [[web');
    expect(chat.prepared[0].context?.notes).toHaveLength(1);
  });

  it('a folder or tag chip from the scope suggester scopes the run', async () => {
    const chat = await chipsChat({ attachOpenNote: false });
    close = chat.close;
    fireEvent.click(within(chat.root).getByTestId('add-scope'));
    const scopeInput = within(chat.root).getByTestId<HTMLInputElement>('scope-input');
    expect(document.activeElement).toBe(scopeInput);
    act(() => void fireEvent.input(scopeInput, { target: { value: 'proj' } }));
    expect(chat.options('Folders and tags')[0].textContent).toBe('Projectsfolder');
    act(() => void fireEvent.keyDown(scopeInput, { key: 'Enter' }));
    fireEvent.click(within(chat.root).getByTestId('add-scope'));
    const again = within(chat.root).getByTestId<HTMLInputElement>('scope-input');
    act(() => void fireEvent.input(again, { target: { value: '#pri' } }));
    expect(chat.options('Folders and tags').map((option) => option.textContent)).toEqual(['#pricingtag']);
    act(() => void fireEvent.keyDown(again, { key: 'Enter' }));
    expect(chat.chipTexts()).toEqual(['Folder: Projects', 'Tag: #pricing']);
    await chat.send('What changed in pricing?');
    expect(chat.prepared[0].context).toEqual({ scope: { folders: ['Projects'], tags: ['pricing'] } });
    // The scope stays until removed: the follow-up searches the same folder and tag (issue 26).
    expect(chat.chipTexts()).toEqual(['Folder: Projects', 'Tag: #pricing']);
    await chat.send('And before that?');
    expect(chat.prepared[1].context).toEqual({ scope: { folders: ['Projects'], tags: ['pricing'] } });
    fireEvent.click(within(chat.root).getByRole('button', { name: 'Remove Tag: #pricing' }));
    await chat.send('Anything else?');
    expect(chat.prepared[2].context).toEqual({ scope: { folders: ['Projects'] } });
  });

  it('says before sending when the attached notes are over the context budget', async () => {
    const chat = await chipsChat({ contextBudgetTokens: 12_000 });
    close = chat.close;
    await chat.open('Inbox/Draft.md');
    expect(within(chat.root).queryByTestId('context-over-budget')).toBeNull();
    await chat.open('Inbox/Huge.md');
    expect(within(chat.root).getByTestId('context-chip').textContent).toContain('~15k tokens');
    expect(within(chat.root).getByTestId('context-over-budget').textContent).toBe('Attached text is about 15k tokens, over the 12k-token budget: the run will cut it.');
  });

  it('chips follow a note renamed while the question is written, and mark a deleted one gone', async () => {
    const chat = await chipsChat();
    close = chat.close;
    await chat.open('Inbox/Draft.md');
    chat.type('[[web');
    chat.key('Enter');
    expect(chat.chipTexts()).toEqual(['Draft', 'Website redesign']);
    await act(async () => {
      await chat.app.fileManager.renameFile(chat.app.vault.getFileByPath('Inbox/Draft.md')!, 'Inbox/Pricing memo.md');
      await chat.app.fileManager.trashFile(chat.app.vault.getFileByPath('Projects/Website redesign.md')!);
    });
    expect(chat.chipTexts()).toEqual(['Pricing memo', 'Website redesign']);
    const gone = within(chat.root).getAllByTestId('context-chip')[1];
    expect(gone.getAttribute('data-gone')).toBe('true');
    expect(gone.textContent).toContain('deleted, not sent');
    await chat.send('Summarise.');
    expect(chat.prepared[0].context).toEqual({ notes: ['Inbox/Pricing memo.md'] });
  });
});
