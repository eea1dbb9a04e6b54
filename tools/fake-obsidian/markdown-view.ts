import { Editor } from './editor';
import { TFile } from './files';
import { ItemView } from './view';

/**
 * Obsidian's `MarkdownView` (view type `markdown`), in editing mode: the note `file` in an
 * {@link Editor}. An edit writes the note at once (Obsidian saves a moment later); a change made
 * to the note elsewhere reloads the editor, as Obsidian does for a note changed on disk. A rename
 * keeps the same `TFile`, so `file.path` follows it.
 */
export class MarkdownView extends ItemView {
  /** The note shown, or null before one is opened. */
  file: TFile | null = null;
  /** The editor. */
  readonly editor = new Editor('', (text) => {
    if (this.file !== null) void this.app.vault.modify(this.file, text);
  });

  getViewType(): string {
    return 'markdown';
  }

  getDisplayText(): string {
    return this.file?.basename ?? 'No file';
  }

  /**
   * Editing mode unless a test sets `mode`: the fake draws no reading mode in its views (the
   * playground draws its own pane), but code that asks whether the note is being edited can be tested.
   */
  mode: 'source' | 'preview' = 'source';

  getMode(): 'source' | 'preview' {
    return this.mode;
  }

  override getState(): Record<string, unknown> {
    return this.file === null ? {} : { file: this.file.path };
  }

  override setState(state: unknown, result: { history: boolean }): Promise<void> {
    void result;
    const path = (state as { file?: unknown } | null)?.file;
    const file = typeof path === 'string' ? this.app.vault.getFileByPath(path) : null;
    if (file !== null) {
      this.file = file;
      this.editor.setValue(this.app.vault.readNow(file.path) ?? '');
    }
    return Promise.resolve();
  }

  protected override onOpen(): Promise<void> {
    this.registerEvent(this.app.vault.on('modify', (changed: unknown) => {
      if (!(changed instanceof TFile) || changed !== this.file) return;
      const text = this.app.vault.readNow(changed.path) ?? '';
      if (text !== this.editor.getValue()) this.editor.setValue(text);
    }));
    return Promise.resolve();
  }
}
