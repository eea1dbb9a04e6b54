/** Obsidian's `EditorPosition`: a zero-based line and column. */
export interface FakeEditorPosition {
  line: number;
  ch: number;
}

/** Obsidian's `EditorSelection`: where the selection started (anchor) and where the cursor is (head). */
export interface FakeEditorSelection {
  anchor: FakeEditorPosition;
  head: FakeEditorPosition;
}

/**
 * Obsidian's `Editor` over a plain string: text, one selection, and the edits plugins make
 * (`replaceSelection`, `replaceRange`), each one undo step as in CodeMirror. `onChange` hears
 * every edit (the Markdown view writes the note from it). Positions are clamped into the text,
 * as CodeMirror does. `setValue` (loading a file) clears the history, as opening a file does.
 */
export class Editor {
  private text: string;
  /** Fake-only: the undo history, oldest first. */
  readonly history: { from: number; removed: string; inserted: string }[] = [];
  private selection: FakeEditorSelection = { anchor: { line: 0, ch: 0 }, head: { line: 0, ch: 0 } };

  constructor(text = '', private readonly onChange: (text: string) => void = () => {}) {
    this.text = text;
  }

  /** The whole text. */
  getValue(): string {
    return this.text;
  }

  /** Replaces the whole text (the cursor goes to the start); does not count as an edit. */
  setValue(text: string): void {
    this.text = text;
    this.history.length = 0;
    this.setCursor({ line: 0, ch: 0 });
  }

  /** The text of line `line`. */
  getLine(line: number): string {
    return this.text.split('\n')[line] ?? '';
  }

  /** How many lines there are. */
  lineCount(): number {
    return this.text.split('\n').length;
  }

  /** The last line's number. */
  lastLine(): number {
    return this.lineCount() - 1;
  }

  /** The selected text ('' without a selection). */
  getSelection(): string {
    const [from, to] = this.ordered();
    return this.text.slice(this.posToOffset(from), this.posToOffset(to));
  }

  /** Whether some text is selected. */
  somethingSelected(): boolean {
    return this.getSelection() !== '';
  }

  /** The text between two positions. */
  getRange(from: FakeEditorPosition, to: FakeEditorPosition): string {
    return this.text.slice(this.posToOffset(from), this.posToOffset(to));
  }

  /** `from`/`to` are the selection's start and end, `head`/`anchor` its ends as made; default the head. */
  getCursor(string: 'from' | 'to' | 'head' | 'anchor' = 'head'): FakeEditorPosition {
    const [from, to] = this.ordered();
    const choice = { from, to, head: this.selection.head, anchor: this.selection.anchor }[string];
    return { ...choice };
  }

  /** The selections (the fake has one). */
  listSelections(): FakeEditorSelection[] {
    return [{ anchor: { ...this.selection.anchor }, head: { ...this.selection.head } }];
  }

  /** Selects from `anchor` to `head` (a cursor when `head` is omitted). */
  setSelection(anchor: FakeEditorPosition, head?: FakeEditorPosition): void {
    this.selection = { anchor: this.clamp(anchor), head: this.clamp(head ?? anchor) };
  }

  /** Places the cursor. */
  setCursor(pos: FakeEditorPosition | number, ch?: number): void {
    const at = typeof pos === 'number' ? { line: pos, ch: ch ?? 0 } : pos;
    this.setSelection(at);
  }

  /** Replaces the selection (inserts at the cursor without one); the cursor ends after the text. */
  replaceSelection(replacement: string): void {
    const [from, to] = this.ordered();
    this.replaceRange(replacement, from, to);
    const end = this.offsetToPos(this.posToOffset(from) + replacement.length);
    this.setCursor(end);
  }

  /** Replaces the text from `from` to `to` (inserts at `from` when `to` is omitted). */
  replaceRange(replacement: string, from: FakeEditorPosition, to?: FakeEditorPosition): void {
    const start = this.posToOffset(from);
    const end = to === undefined ? start : this.posToOffset(to);
    const anchor = this.posToOffset(this.selection.anchor);
    const head = this.posToOffset(this.selection.head);
    this.history.push({ from: start, removed: this.text.slice(start, end), inserted: replacement });
    this.text = this.text.slice(0, start) + replacement + this.text.slice(end);
    // The selection moves with the text after the edit, as in CodeMirror.
    const shift = (offset: number): number => (offset >= end ? offset + replacement.length - (end - start) : Math.min(offset, start));
    this.selection = { anchor: this.offsetToPos(shift(anchor)), head: this.offsetToPos(shift(head)) };
    this.onChange(this.text);
  }

  /** Fake-only (Obsidian: Ctrl/Cmd-Z): takes back the last change. */
  undo(): void {
    const last = this.history.pop();
    if (last === undefined) return;
    this.text = this.text.slice(0, last.from) + last.removed + this.text.slice(last.from + last.inserted.length);
    this.setCursor(this.offsetToPos(last.from + last.removed.length));
    this.onChange(this.text);
  }

  /** The character offset of a position. */
  posToOffset(pos: FakeEditorPosition): number {
    const lines = this.text.split('\n');
    const line = Math.max(0, Math.min(pos.line, lines.length - 1));
    let offset = 0;
    for (let index = 0; index < line; index += 1) offset += lines[index].length + 1;
    return offset + Math.max(0, Math.min(pos.ch, lines[line].length));
  }

  /** The position of a character offset. */
  offsetToPos(offset: number): FakeEditorPosition {
    const before = this.text.slice(0, Math.max(0, Math.min(offset, this.text.length))).split('\n');
    return { line: before.length - 1, ch: before[before.length - 1].length };
  }

  /** Focus is the page's business in the fake. */
  focus(): void {}

  private clamp(pos: FakeEditorPosition): FakeEditorPosition {
    return this.offsetToPos(this.posToOffset(pos));
  }

  private ordered(): [FakeEditorPosition, FakeEditorPosition] {
    const anchor = this.posToOffset(this.selection.anchor);
    const head = this.posToOffset(this.selection.head);
    return anchor <= head ? [this.selection.anchor, this.selection.head] : [this.selection.head, this.selection.anchor];
  }
}

/** The same editor under the name the note-write tests use. */
export { Editor as FakeEditor };
