import { type App, type Editor, TFile, type TAbstractFile } from 'obsidian';
import type { NoteWriter } from '../../writes';

/**
 * The {@link NoteWriter} of the Obsidian vault. A note open in an editor is changed through that
 * editor (one `replaceRange` over the part that differs), so the user sees it at once and the
 * editor's own undo takes it back; any other note through `Vault.process`, which never clobbers
 * a change made meanwhile. Reads take the open editor's text first, since it may not be saved yet.
 */
export class ObsidianNoteWriter implements NoteWriter {
  constructor(private readonly app: App) {}

  read(path: string): Promise<string | null> {
    const file = this.app.vault.getFileByPath(path);
    if (file === null) return Promise.resolve(null);
    const editor = this.openEditor(file);
    return editor !== null ? Promise.resolve(editor.getValue()) : this.app.vault.read(file);
  }

  exists(path: string): Promise<boolean> {
    return Promise.resolve(this.app.vault.getAbstractFileByPath(path) !== null);
  }

  async create(path: string, content: string): Promise<void> {
    const folder = path.split('/').slice(0, -1).join('/');
    if (folder !== '' && this.app.vault.getAbstractFileByPath(folder) === null) await this.app.vault.createFolder(folder);
    await this.app.vault.create(path, content);
  }

  async process(path: string, change: (current: string) => string): Promise<string> {
    const file = this.app.vault.getFileByPath(path);
    if (file === null) throw new Error(`There is no note at ${path}.`);
    const editor = this.openEditor(file);
    if (editor === null) return this.app.vault.process(file, change);
    const current = editor.getValue();
    const next = change(current);
    replaceDifference(editor, current, next);
    return next;
  }

  async remove(path: string): Promise<void> {
    const file = this.app.vault.getAbstractFileByPath(path);
    if (file !== null) await this.app.fileManager.trashFile(file);
  }

  /** The editor of a Markdown view showing `file`, if one is open. */
  private openEditor(file: TAbstractFile): Editor | null {
    if (!(file instanceof TFile)) return null;
    let found: Editor | null = null;
    this.app.workspace.iterateAllLeaves((leaf) => {
      const view = leaf.view as { file?: TFile | null; editor?: Editor; getViewType(): string };
      if (found === null && view.getViewType() === 'markdown' && view.file?.path === file.path && view.editor !== undefined) found = view.editor;
    });
    return found;
  }
}

/** Replaces only the part of the editor's text that differs, as one change (one undo step). */
function replaceDifference(editor: Editor, current: string, next: string): void {
  let start = 0;
  while (start < current.length && start < next.length && current[start] === next[start]) start += 1;
  let end = 0;
  while (end < current.length - start && end < next.length - start && current[current.length - 1 - end] === next[next.length - 1 - end]) end += 1;
  editor.replaceRange(next.slice(start, next.length - end), editor.offsetToPos(start), editor.offsetToPos(current.length - end));
}
