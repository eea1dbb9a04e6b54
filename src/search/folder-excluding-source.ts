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

/**
 * A {@link VaultSource} that hides one folder of another source. The plugin and `glassbox ask`
 * hide the conversation notes folder from the agent: otherwise a saved conversation is the best
 * match for the same question next time, and the agent quotes its own earlier answer as a note.
 * No Node or Obsidian imports: both hosts use it.
 */
export class FolderExcludingSource implements VaultSource {
  private readonly folder: () => string;
  /** The folder as it was at the last listing: what the index built from it left out. */
  private listedFolder: string | null = null;

  constructor(
    private readonly inner: VaultSource,
    /**
     * Vault-relative folder, `/`-separated, e.g. `Glassbox/Conversations`. A function is read at
     * each call, so a changed setting applies to later reads and vault changes without a reload.
     */
    folder: string | (() => string),
  ) {
    this.folder = typeof folder === 'function' ? folder : () => folder;
  }

  /** Whether `path` lies inside the hidden folder (case-insensitive, as on macOS and Windows). */
  hides(path: string): boolean {
    const folder = this.currentFolder();
    return isInsideFolder(path, folder);
  }

  async listNotes(): Promise<readonly VaultNoteInfo[]> {
    this.listedFolder = this.currentFolder();
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
   * Passes on changes outside the folder. A note that is (now) inside it is passed on as a
   * deletion of the path the index may hold: a note moved into the folder, or one indexed before
   * the folder setting changed, leaves the index instead of staying searchable. A saved chat in an
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
      } else if (this.listedFolder !== null && this.listedFolder !== this.currentFolder()) listener({ type: 'delete', path: change.note.path });
    });
  }

  private currentFolder(): string {
    return this.folder().replace(/^\/+|\/+$/g, '').toLowerCase();
  }
}
