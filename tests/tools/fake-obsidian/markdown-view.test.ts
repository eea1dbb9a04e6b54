import { createFakeApp, Editor, MarkdownView } from '../../../tools/fake-obsidian';

describe('fake Editor', () => {
  it('replaces the selection, inserts at a cursor, and keeps the selection with the text after an edit', () => {
    const changes: string[] = [];
    const editor = new Editor('alpha\nbeta\ngamma', (text) => changes.push(text));
    editor.setSelection({ line: 1, ch: 0 }, { line: 2, ch: 2 });
    expect(editor.getSelection()).toBe('beta\nga');
    expect(editor.getCursor('from')).toEqual({ line: 1, ch: 0 });
    expect(editor.getCursor('to')).toEqual({ line: 2, ch: 2 });
    editor.replaceRange('>> ', { line: 0, ch: 0 });
    expect(editor.getSelection()).toBe('beta\nga');
    editor.replaceSelection('B');
    expect(editor.getValue()).toBe('>> alpha\nBmma');
    expect(editor.getCursor()).toEqual({ line: 1, ch: 1 });
    expect(changes).toHaveLength(2);
  });

  it('clamps positions into the text', () => {
    const editor = new Editor('ab\ncd');
    editor.setCursor({ line: 9, ch: 9 });
    expect(editor.getCursor()).toEqual({ line: 1, ch: 2 });
  });
});

describe('fake workspace: notes in Markdown views', () => {
  it('opens a note in a MarkdownView whose edits write the note, and remembers it while a sidebar leaf is active', async () => {
    const app = createFakeApp({ files: { 'Notes/Plan.md': 'one' } });
    const file = app.vault.getFileByPath('Notes/Plan.md')!;
    const main = app.workspace.getLeaf(false);
    await main.openFile(file, { active: true });
    const view = main.view as MarkdownView;
    expect(view).toBeInstanceOf(MarkdownView);
    expect(app.workspace.getLeavesOfType('markdown')).toEqual([main]);
    view.editor.replaceRange(' two', { line: 0, ch: 3 });
    expect(app.vault.readNow('Notes/Plan.md')).toBe('one two');

    const side = app.workspace.getRightLeaf(false)!;
    app.workspace.setActiveLeaf(side);
    expect(app.workspace.activeEditor).toBeNull();
    expect(app.workspace.getActiveFile()).toBe(file);
    expect(app.workspace.getMostRecentLeaf()).toBe(main);

    await app.vault.modify(file, 'changed elsewhere');
    expect(view.editor.getValue()).toBe('changed elsewhere');
    await app.fileManager.renameFile(file, 'Notes/Plan 2.md');
    expect(view.file?.path).toBe('Notes/Plan 2.md');
  });

  it('runs editor commands only while a Markdown editor is active, with its editor', async () => {
    const app = createFakeApp({ files: { 'A.md': 'text' } });
    const seen: string[] = [];
    app.commands.addCommand({ id: 'p:cmd', name: 'Cmd', editorCallback: (editor) => void seen.push(editor.getValue()) });
    expect(app.commands.executeCommandById('p:cmd')).toBe(false);
    await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath('A.md')!, { active: true });
    expect(app.commands.executeCommandById('p:cmd')).toBe(true);
    expect(seen).toEqual(['text']);
  });
});
