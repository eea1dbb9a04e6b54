/**
 * What the write tools need from a vault (the Obsidian vault, a folder on disk). Paths are
 * vault-relative and already checked by `checkWritePath`.
 */
export interface NoteWriter {
  /** The note's text, or null when there is no note at `path`. */
  read(path: string): Promise<string | null>;
  /** Whether anything (note, folder, other file) already exists at `path`. */
  exists(path: string): Promise<boolean>;
  /** Creates the note (and missing folders). Rejects when something exists there already. */
  create(path: string, content: string): Promise<void>;
  /**
   * Changes an existing note atomically: `change` gets the current text and returns the new
   * text, or throws to change nothing. In Obsidian this is `Vault.process`, or the open editor
   * when the note is open (so the editor's undo works). Resolves with the text written.
   */
  process(path: string, change: (current: string) => string): Promise<string>;
  /** Deletes the note (the undo of a create); in Obsidian it goes to the trash. */
  remove(path: string): Promise<void>;
}
