/**
 * The narrow view of a vault that search and the vault tools need. The Obsidian adapter
 * (src/obsidian) and the Node file-system adapter (src/cli) implement it; tests use an
 * in-memory one.
 */
export interface VaultSource {
  /** Every Markdown note, paths relative to the vault root with `/` separators. */
  listNotes(): Promise<readonly VaultNoteInfo[]>;
  read(path: string): Promise<string>;
  /** Frontmatter, tags, headings and links when the host already has them parsed; otherwise undefined. */
  metadata?(path: string): VaultNoteMetadata | undefined;
  /** Subscribes to changes; returns the unsubscribe function. */
  onChange?(listener: (change: VaultChange) => void): () => void;
}

/** A note's identity and modification time. */
export interface VaultNoteInfo {
  readonly path: string;
  /** Epoch ms. */
  readonly mtime: number;
  readonly size: number;
}

/** What a host knows about a note without reading it. */
export interface VaultNoteMetadata {
  readonly frontmatter?: Record<string, unknown>;
  readonly tags?: readonly string[];
  readonly headings?: readonly { readonly heading: string; readonly level: number }[];
  /** Link targets as written (`[[Target]]` → `Target`). */
  readonly links?: readonly string[];
}

/** A change in the vault. */
export type VaultChange =
  | { readonly type: 'create'; readonly note: VaultNoteInfo }
  | { readonly type: 'modify'; readonly note: VaultNoteInfo }
  | { readonly type: 'delete'; readonly path: string }
  | { readonly type: 'rename'; readonly note: VaultNoteInfo; readonly oldPath: string };
