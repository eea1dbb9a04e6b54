import type { VaultChange, VaultNoteInfo, VaultNoteMetadata, VaultSource } from '../search/vault-source';

/**
 * A {@link VaultSource} that hides one folder of another source. `glassbox ask` hides the
 * conversation notes folder from the agent: otherwise a saved conversation is the best match
 * for the same question next time, and the agent quotes its own earlier answer as a note.
 */
export class FolderExcludingSource implements VaultSource {
  private readonly prefix: string;

  constructor(
    private readonly inner: VaultSource,
    /** Vault-relative folder, `/`-separated, e.g. `Glassbox/Conversations`. */
    folder: string,
  ) {
    this.prefix = `${folder.replace(/^\/+|\/+$/g, '').toLowerCase()}/`;
  }

  /** Whether `path` lies inside the hidden folder (case-insensitive, as on macOS and Windows). */
  hides(path: string): boolean {
    return path.toLowerCase().startsWith(this.prefix);
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
