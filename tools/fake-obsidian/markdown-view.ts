import type { TFile } from './files';
import { ItemView } from './view';
import type { WorkspaceLeaf } from './workspace-leaf';

/** A position in an editor, as Obsidian's `EditorPosition`. */
export interface FakeEditorPosition {
  line: number;
  ch: number;
}

/**
 * The parts of Obsidian's `Editor` the plugin uses, over a string, with an undo history: each
 * `replaceRange` is one undo step, as in CodeMirror. `setValue` (loading a file) is not undoable
 * here (Obsidian clears the history when a file opens).
 */
export class FakeEditor {
  private text = '';
  /** Fake-only: the undo history, oldest first. */
  readonly history: { from: number; removed: string; inserted: string }[] = [];

  constructor(private readonly onChange: (text: string) => void) {}

  getValue(): string {
    return this.text;
  }

  setValue(text: string): void {
    this.text = text;
    this.history.length = 0;
  }

  offsetToPos(offset: number): FakeEditorPosition {
    const before = this.text.slice(0, Math.max(0, Math.min(offset, this.text.length))).split('\n');
    return { line: before.length - 1, ch: before[before.length - 1].length };
  }

  posToOffset(pos: FakeEditorPosition): number {
    const lines = this.text.split('\n');
    let offset = 0;
    for (let line = 0; line < pos.line && line < lines.length; line += 1) offset += lines[line].length + 1;
    return offset + pos.ch;
  }

  replaceRange(replacement: string, from: FakeEditorPosition, to?: FakeEditorPosition): void {
    const start = this.posToOffset(from);
    const end = to === undefined ? start : this.posToOffset(to);
    this.history.push({ from: start, removed: this.text.slice(start, end), inserted: replacement });
    this.text = this.text.slice(0, start) + replacement + this.text.slice(end);
    this.onChange(this.text);
  }

  /** Fake-only (Obsidian: Ctrl/Cmd-Z): takes back the last change. */
  undo(): void {
    const last = this.history.pop();
    if (last === undefined) return;
    this.text = this.text.slice(0, last.from) + last.removed + this.text.slice(last.from + last.inserted.length);
    this.onChange(this.text);
  }
}

/**
 * Obsidian's `MarkdownView`: a note open in an editor. Not registered by default (a leaf opened
 * on a note shows an empty view); a test registers it under `markdown` to have editors. Edits
 * are saved to the vault at once (Obsidian saves a moment later).
 */
export class MarkdownView extends ItemView {
  file: TFile | null = null;
  readonly editor: FakeEditor;

  constructor(leaf: WorkspaceLeaf) {
    super(leaf);
    this.editor = new FakeEditor((text) => {
      if (this.file !== null) void this.app.vault.modify(this.file, text);
    });
  }

  getViewType(): string {
    return 'markdown';
  }

  getDisplayText(): string {
    return this.file?.basename ?? 'No file';
  }

  override async setState(state: unknown, result: { history: boolean }): Promise<void> {
    void result;
    const path = (state as { file?: unknown } | null)?.file;
    this.file = typeof path === 'string' ? this.app.vault.getFileByPath(path) : null;
    this.editor.setValue(this.file === null ? '' : await this.app.vault.read(this.file));
  }
}
