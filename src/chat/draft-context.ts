import { estimateTokens, type PromptUse, type QuestionContext, type QuestionSelection } from '../agent';

/** A note as the chips know it: its vault path and size in characters (about its bytes). */
export interface DraftNote {
  readonly path: string;
  readonly chars: number;
}

/** One chip above the composer: something the next question will carry. */
export type ContextChip =
  /** A note attached whole. `open`: the open note, attached by default and following the active note. */
  | { readonly kind: 'note'; readonly id: string; readonly path: string; readonly chars: number; readonly open: boolean; readonly gone: boolean }
  /** Lines selected in a note, quoted with the note and line range. */
  | { readonly kind: 'selection'; readonly id: string; readonly selection: QuestionSelection; readonly gone: boolean }
  /** A folder (vault-relative, no trailing `/`) or a tag (without `#`) that scopes the run. */
  | { readonly kind: 'folder' | 'tag'; readonly id: string; readonly value: string }
  /** An image of the vault (pasted or dropped into the composer, saved as an attachment): sent to models that take images. */
  | { readonly kind: 'image'; readonly id: string; readonly path: string; readonly bytes: number; readonly gone: boolean };

/** What the chips show: the chips, and the attached text's estimated tokens against the budget. */
export interface DraftContextState {
  readonly chips: readonly ContextChip[];
  /** Estimated tokens of the notes and selection attached (gone ones excluded). */
  readonly tokens: number;
}

/**
 * What the user is attaching to the question they are writing (DESIGN.md 11.1), with neither
 * React nor Obsidian: the open note (while the setting is on, following the active note until
 * the question is sent or the user removes it), notes picked with `[[`, a selection, folder and
 * tag scope. Renames are followed; a deleted note's chip stays, marked gone, and is not sent.
 */
export class DraftContext {
  private state: DraftContextState = { chips: [], tokens: 0 };
  private readonly listeners = new Set<() => void>();
  private active: DraftNote | null = null;
  /** The user removed the open-note chip: it stops following until the question is sent. */
  private openRemoved = false;
  private counter = 0;
  /** The custom prompt the composer's text was filled from, until the question is sent. */
  private prompt: PromptUse | null = null;
  /** The text being typed in the composer. */
  private typed = '';
  private readonly textListeners = new Set<() => void>();

  constructor(private readonly options: { readonly attachOpenNote: () => boolean }) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): DraftContextState => this.state;

  /**
   * The text being typed: it belongs to the session, not to the composer showing it, so it
   * survives a tab switch, a closed view and (saved by the plugin) a restart.
   */
  get text(): string {
    return this.typed;
  }

  /** The composer's text changed; the chips do not re-render for it, only text listeners hear it. */
  setText(text: string): void {
    if (text === this.typed) return;
    this.typed = text;
    for (const listener of [...this.textListeners]) listener();
  }

  /** Calls `listener` when the text being typed changes; returns the unsubscribe function. */
  onText(listener: () => void): () => void {
    this.textListeners.add(listener);
    return () => this.textListeners.delete(listener);
  }

  /** The active note changed (null: none, e.g. an empty tab). */
  setActiveNote(note: DraftNote | null): void {
    this.active = note;
    this.followActive();
  }

  /** Adds a note chip (from the `[[` suggester); a note already attached is not added twice. */
  addNote(note: DraftNote): void {
    const existing = this.state.chips.find((chip) => chip.kind === 'note' && chip.path === note.path);
    if (existing?.kind === 'note') {
      // Picked by hand: it stays when the active note changes.
      if (existing.open) this.replace(existing.id, { ...existing, open: false });
      return;
    }
    this.publish([...this.state.chips, { kind: 'note', id: this.nextId(), path: note.path, chars: note.chars, open: false, gone: false }]);
  }

  /**
   * Quotes a selection; it replaces an earlier one (one selection per question). The open note's
   * chip for the same note goes: the question is about the lines, not the whole note.
   */
  setSelection(selection: QuestionSelection): void {
    const sameOpenNote = (chip: ContextChip): boolean => chip.kind === 'note' && chip.open && chip.path === selection.path;
    if (this.state.chips.some(sameOpenNote)) this.openRemoved = true;
    const others = this.state.chips.filter((chip) => chip.kind !== 'selection' && !sameOpenNote(chip));
    this.publish([...others, { kind: 'selection', id: this.nextId(), selection, gone: false }]);
  }

  /** Adds an image chip (a pasted or dropped image, already saved in the vault); one image is not added twice. */
  addImage(image: { readonly path: string; readonly bytes: number }): void {
    if (this.state.chips.some((chip) => chip.kind === 'image' && chip.path === image.path)) return;
    this.publish([...this.state.chips, { kind: 'image', id: this.nextId(), path: image.path, bytes: image.bytes, gone: false }]);
  }

  /** Adds a folder or tag that scopes the run. */
  addScope(kind: 'folder' | 'tag', value: string): void {
    if (this.state.chips.some((chip) => chip.kind === kind && chip.value === value)) return;
    this.publish([...this.state.chips, { kind, id: this.nextId(), value }]);
  }

  /** Removes a chip; removing the open note's chip stops it following until the question is sent. */
  remove(id: string): void {
    const chip = this.state.chips.find((candidate) => candidate.id === id);
    if (chip === undefined) return;
    if (chip.kind === 'note' && chip.open) this.openRemoved = true;
    this.publish(this.state.chips.filter((candidate) => candidate.id !== id));
  }

  /** A note or folder was renamed or moved: its chips follow it. */
  renamed(oldPath: string, newPath: string): void {
    const moved = (path: string): string => (path === oldPath ? newPath : path.startsWith(`${oldPath}/`) ? newPath + path.slice(oldPath.length) : path);
    if (this.active !== null) this.active = { ...this.active, path: moved(this.active.path) };
    this.publish(
      this.state.chips.map((chip) => {
        if (chip.kind === 'note' || chip.kind === 'image') return { ...chip, path: moved(chip.path) };
        if (chip.kind === 'selection') return { ...chip, selection: { ...chip.selection, path: moved(chip.selection.path) } };
        return chip.kind === 'folder' ? { ...chip, value: moved(chip.value) } : chip;
      }),
    );
  }

  /** A note was deleted: its chips stay, marked gone, and are not sent. */
  deleted(path: string): void {
    this.publish(
      this.state.chips.map((chip) => {
        if ((chip.kind === 'note' || chip.kind === 'image') && chip.path === path) return { ...chip, gone: true };
        if (chip.kind === 'selection' && chip.selection.path === path) return { ...chip, gone: true };
        return chip;
      }),
    );
  }

  /** The composer's text was filled from a custom prompt (the `/` menu): the trace will name it. */
  usePrompt(prompt: PromptUse): void {
    this.prompt = prompt;
  }

  /** What the question carries: the chips that are not gone, and the prompt it came from. */
  questionContext(): QuestionContext {
    const notes: string[] = [];
    const folders: string[] = [];
    const tags: string[] = [];
    const images: string[] = [];
    let selection: QuestionSelection | undefined;
    for (const chip of this.state.chips) {
      if (chip.kind === 'note' && !chip.gone) notes.push(chip.path);
      else if (chip.kind === 'selection' && !chip.gone) selection = chip.selection;
      else if (chip.kind === 'folder') folders.push(chip.value);
      else if (chip.kind === 'tag') tags.push(chip.value);
      else if (chip.kind === 'image' && !chip.gone) images.push(chip.path);
    }
    const scope = { ...(folders.length > 0 ? { folders } : {}), ...(tags.length > 0 ? { tags } : {}) };
    return { ...(notes.length > 0 ? { notes } : {}), ...(selection ? { selection } : {}), ...(folders.length + tags.length > 0 ? { scope } : {}), ...(images.length > 0 ? { images } : {}), ...(this.prompt ? { prompt: this.prompt } : {}) };
  }

  /**
   * The question was sent: the notes and selection clear, and the open note is attached again for
   * the next one. A folder or tag scope stays until removed (issue 26): a follow-up about the
   * same folder must not silently search the whole vault.
   */
  sent(): void {
    this.openRemoved = false;
    this.prompt = null;
    this.publish(this.state.chips.filter((chip) => chip.kind === 'folder' || chip.kind === 'tag'));
    this.followActive();
  }

  /** The setting changed, or the chat was cleared: the open-note chip appears or goes. */
  refresh(): void {
    this.followActive();
  }

  private followActive(): void {
    const chips = this.state.chips;
    const open = chips.find((chip) => chip.kind === 'note' && chip.open);
    const wanted = this.options.attachOpenNote() && !this.openRemoved ? this.active : null;
    if (wanted === null) {
      if (open !== undefined) this.publish(chips.filter((chip) => chip !== open));
      return;
    }
    if (open?.kind === 'note' && open.path === wanted.path && !open.gone) return;
    const withoutOpen = chips.filter((chip) => chip !== open);
    // The active note may already be attached by hand: one chip per note.
    if (withoutOpen.some((chip) => chip.kind === 'note' && chip.path === wanted.path)) {
      this.publish(withoutOpen);
      return;
    }
    const chip: ContextChip = { kind: 'note', id: open?.id ?? this.nextId(), path: wanted.path, chars: wanted.chars, open: true, gone: false };
    // The open note's chip comes first, where the user expects it.
    this.publish([chip, ...withoutOpen]);
  }

  private replace(id: string, next: ContextChip): void {
    this.publish(this.state.chips.map((chip) => (chip.id === id ? next : chip)));
  }

  private nextId(): string {
    this.counter += 1;
    return `chip-${this.counter}`;
  }

  private publish(chips: readonly ContextChip[]): void {
    if (chips.length === this.state.chips.length && chips.every((chip, index) => chip === this.state.chips[index])) return;
    this.state = { chips, tokens: attachedTokens(chips) };
    for (const listener of [...this.listeners]) listener();
  }
}

function attachedTokens(chips: readonly ContextChip[]): number {
  let tokens = 0;
  for (const chip of chips) {
    if (chip.kind === 'note' && !chip.gone) tokens += estimateTokens(chip.chars);
    else if (chip.kind === 'selection' && !chip.gone) tokens += estimateTokens(chip.selection.text);
  }
  return tokens;
}
