import { act, within } from '@testing-library/react/pure';
import GlassboxPlugin from '../../../src/main';
import { ChatView } from '../../../src/obsidian/chat/chat-view';
import { createFakeApp, MarkdownView, Menu } from '../../../tools/fake-obsidian';
import manifestJson from '../../../manifest.json';

const DRAFT = ['# Memo', 'Passes cost 12.90.', 'Riders ride more.', 'Churn fell.'].join('\n');

async function pluginWithDraft() {
  const app = createFakeApp({ files: { 'Inbox/Draft.md': DRAFT, 'Other.md': 'other' } });
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKeySecretName: '' }));
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  const leaf = app.workspace.getLeaf(false);
  await act(async () => leaf.openFile(app.vault.getFileByPath('Inbox/Draft.md')!, { active: true }));
  const editor = (leaf.view as MarkdownView).editor;
  const chatView = () => {
    const view = app.workspace.getLeavesOfType('glassbox-chat')[0]?.view;
    return view instanceof ChatView ? view : null;
  };
  return { app, plugin, editor, chatView };
}

describe('Ask about the selection', () => {
  it('opens the chat with the selection quoted (note, line range) and the focus in the composer', async () => {
    const { app, plugin, editor, chatView } = await pluginWithDraft();
    editor.setSelection({ line: 1, ch: 0 }, { line: 3, ch: 0 });
    await act(async () => {
      expect(app.commands.executeCommandById('glassbox:ask-about-selection')).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const view = chatView()!;
    const root = view.contentEl;
    // The lines, not the whole note: the open note's chip gives way to the selection.
    const chips = within(root).getAllByTestId('context-chip');
    expect(chips.map((chip) => chip.getAttribute('data-kind'))).toEqual(['selection']);
    expect(chips[0].querySelector('.glassbox-chip-label')!.textContent).toBe('Draft, lines 2–3');
    expect(within(root).getByTestId('selection-quote').textContent).toBe('Passes cost 12.90.\nRiders ride more.\n');
    expect(root.ownerDocument.activeElement).toBe(within(root).getByTestId('composer-input'));
    expect(view.context.draft.questionContext().selection).toEqual({ path: 'Inbox/Draft.md', fromLine: 2, toLine: 3, text: 'Passes cost 12.90.\nRiders ride more.\n' });
    await act(async () => plugin.unload());
  });

  it('is offered in the editor menu only when text is selected, and in the palette only in an editor with a selection', async () => {
    const { app, plugin, editor, chatView } = await pluginWithDraft();
    const menu = new Menu();
    app.workspace.trigger('editor-menu', menu, editor, app.workspace.activeEditor);
    expect(menu.items).toEqual([]);
    expect(app.commands.executeCommandById('glassbox:ask-about-selection')).toBe(false);

    editor.setSelection({ line: 3, ch: 0 }, { line: 3, ch: 5 });
    const withSelection = new Menu();
    app.workspace.trigger('editor-menu', withSelection, editor, app.workspace.activeEditor);
    expect(withSelection.items.map((item) => item.title)).toEqual(['Ask about the selection']);
    await act(async () => {
      withSelection.items[0].click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(chatView()!.context.draft.questionContext().selection).toEqual({ path: 'Inbox/Draft.md', fromLine: 4, toLine: 4, text: 'Churn' });
    await act(async () => plugin.unload());
    // Unloading removes the menu listener with the plugin.
    const after = new Menu();
    app.workspace.trigger('editor-menu', after, editor, app.workspace.activeEditor);
    expect(after.items).toEqual([]);
  });
});
