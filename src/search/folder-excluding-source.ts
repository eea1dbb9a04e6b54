import type { VaultChange, VaultNoteInfo, VaultNoteMetadata, VaultSource } from './vault-source';

/**
 * Whether `path` lies inside `folder` (vault-relative, case-insensitive as on macOS and Windows).
 * An empty folder means the vault root, which holds nothing "inside" it here: hiding everything
 * would leave the agent blind.
 */
export function isInsideFolder(path: string, folder: string): boolean {
  const normalized = folder.trim().replace(/^\/+|\/+$/g, '').toLowerCase();
  return normalized !== '' && path.toLowerCase().startsWith(`${normalized}/`);
}

/** One folder or several, vault-relative and `/`-separated. */
type Folders = string | readonly string[];

/**
 * A {@link VaultSource} that hides folders of another source: Glassbox's own, which hold no notes
 * to answer from. The plugin and the CLI hide the conversation notes folder (otherwise a saved
 * conversation is the best match for the same question next time, and the agent quotes its own
 * earlier answer as a note) and the prompts folder (a prompt "Next steps" would be the top hit for
 * the question it asks, and its own text the answer). No Node or Obsidian imports: both hosts use it.
 */
export class FolderExcludingSource implements VaultSource {
  private readonly folders: () => Folders;
  /** The folders as they were at the last listing: what the index built from it left out. */
  private listedFolders: string | null = null;

  constructor(
    private readonly inner: VaultSource,
    /**
     * Vault-relative folders, `/`-separated, e.g. `Glassbox/Conversations`. A function is read at
     * each call, so a changed setting applies to later reads and vault changes without a reload.
     */
    folders: Folders | (() => Folders),
  ) {
    this.folders = typeof folders === 'function' ? folders : () => folders;
  }

  /** Whether `path` lies inside a hidden folder (case-insensitive, as on macOS and Windows). */
  hides(path: string): boolean {
    return this.currentFolders().some((folder) => isInsideFolder(path, folder));
  }

  async listNotes(): Promise<readonly VaultNoteInfo[]> {
    this.listedFolders = this.currentFolders().join('\n');
    return (await this.inner.listNotes()).filter((note) => !this.hides(note.path));
  }

  read(path: string): Promise<string> {
    if (this.hides(path)) return Promise.reject(new Error(`No note at ${path}.`));
    return this.inner.read(path);
  }

  metadata(path: string): VaultNoteMetadata | undefined {
    return this.hides(path) ? undefined : this.inner.metadata?.(path);
  }

  /**
   * Passes on changes outside the folders. A note that is (now) inside one is passed on as a
   * deletion of the path the index may hold: a note moved into one, or one indexed before
   * a folder setting changed, leaves the index instead of staying searchable. A saved chat in an
   * unchanged folder was never listed, so its saves pass nothing on.
   */
  onChange(listener: (change: VaultChange) => void): () => void {
    if (this.inner.onChange === undefined) return () => undefined;
    return this.inner.onChange((change) => {
      if (change.type === 'delete') {
        if (!this.hides(change.path)) listener(change);
        return;
      }
      if (!this.hides(change.note.path)) listener(change);
      else if (change.type === 'rename') {
        if (!this.hides(change.oldPath)) listener({ type: 'delete', path: change.oldPath });
      } else if (this.listedFolders !== null && this.listedFolders !== this.currentFolders().join('\n')) listener({ type: 'delete', path: change.note.path });
    });
  }

  private currentFolders(): string[] {
    const folders = this.folders();
    return (typeof folders === 'string' ? [folders] : folders).map((folder) => folder.replace(/^\/+|\/+$/g, '').toLowerCase());
  }
}
