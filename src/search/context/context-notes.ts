import type { QuestionScope } from '../../agent';

/** What {@link attachQuestionContext} needs from a vault: the plugin builds it on Obsidian's API, the CLI on the index. */
export interface ContextNotes {
  /** Whether a note exists at this vault path. */
  has(path: string): boolean;
  /** Its text; may reject (the note is attached with a notice). */
  read(path: string): Promise<string>;
  /** A typed `[[link]]` to a path, by {@link resolveLinkOrAlias}; undefined when no note matches. */
  resolve(linktext: string, sourcePath: string): string | undefined;
  /**
   * False for a note the vault tools refuse (a saved conversation): a cut notice then never sends
   * the model to `readNote` for the rest. Absent: every note is readable.
   */
  readableByTools?(path: string): boolean;
  /** How many notes the scope holds, when the host knows (the index is built). */
  countInScope?(scope: QuestionScope): number | Promise<number>;
}
