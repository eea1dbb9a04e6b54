import type { VaultChange, VaultNoteInfo, VaultNoteMetadata, VaultSource } from './vault-source';

/**
 * A {@link VaultSource} that hides one folder of another source. The plugin and `glassbox ask`
 * hide the conversation notes folder from the agent: otherwise a saved conversation is the best
 * match for the same question next time, and the agent quotes its own earlier answer as a note.
 * No Node or Obsidian imports: both hosts use it.
 */
export class FolderExcludingSource implements VaultSource {
  private readonly folder: () => string;

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
    const folder = this.folder().replace(/^\/+|\/+$/g, '').toLowerCase();
    // An empty setting means the vault root: hiding everything would leave the agent blind.
    if (folder === '') return false;
    return path.toLowerCase().startsWith(`${folder}/`);
  }

  async listNotes(): Promise<readonly VaultNoteInfo[]> {
    return (await this.inner.listNotes()).filter((note) => !this.hides(note.path));
  }

  read(path: string): Promise<string> {
    if (this.hides(path)) return Promise.reject(new Error(`No note at ${path}.`));
    return this.inner.read(path);
  }

  metadata(path: string): VaultNoteMetadata | undefined {
    return this.hides(path) ? undefined : this.inner.metadata?.(path);
  }

  onChange(listener: (change: VaultChange) => void): () => void {
    if (this.inner.onChange === undefined) return () => undefined;
    return this.inner.onChange((change) => {
      const path = change.type === 'delete' ? change.path : change.note.path;
      if (!this.hides(path)) listener(change);
    });
  }
}
