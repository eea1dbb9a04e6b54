import { watch, type FSWatcher } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { VaultChange, VaultNoteInfo, VaultSource } from '../search';

/** Folders never indexed: dot-folders (`.obsidian`, `.git`, `.trash`) and `node_modules`. */
function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/** Vault-relative `/` path of an absolute path inside the vault. */
function toVaultPath(root: string, absolute: string): string {
  return relative(root, absolute).split(sep).join('/');
}

/** True when a vault-relative path is a note the source exposes. */
function isNotePath(path: string): boolean {
  return path.toLowerCase().endsWith('.md') && !path.split('/').some((segment, index, all) => index < all.length - 1 && isSkippedFolder(segment));
}

/**
 * A {@link VaultSource} over a folder on disk, for the CLI, tests and benchmarks. Notes are the
 * `.md` files below the folder; dot-folders and `node_modules` are skipped, as Obsidian does.
 * `onChange` uses `fs.watch` (recursive where the platform supports it) and is optional: the
 * CLI answers one question and exits, so it never subscribes.
 *
 * A symlink whose target lies outside the vault is not a note (DESIGN.md 11.6): `ln -s
 * /etc/passwd passwd.md` must not reach search results or the model. Symlinks between notes of
 * the vault stay notes.
 */
export class NodeVaultSource implements VaultSource {
  /** The vault folder as given. */
  readonly vaultDir: string;
  private realRoot: Promise<string> | undefined;

  constructor(vaultDir: string) {
    this.vaultDir = vaultDir;
  }

  /** Every `.md` note below the vault folder, sorted by path so listings are stable. */
  async listNotes(): Promise<readonly VaultNoteInfo[]> {
    const notes: VaultNoteInfo[] = [];
    const pending: string[] = [this.vaultDir];
    while (pending.length > 0) {
      const dir = pending.pop()!;
      const entries = await readdir(dir, { withFileTypes: true });
      const files: string[] = [];
      for (const entry of entries) {
        const absolute = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!isSkippedFolder(entry.name)) pending.push(absolute);
        } else if ((entry.isFile() || entry.isSymbolicLink()) && entry.name.toLowerCase().endsWith('.md')) {
          files.push(absolute);
        }
      }
      const infos = await Promise.all(files.map((absolute) => this.statNote(absolute)));
      for (const info of infos) if (info) notes.push(info);
    }
    notes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return notes;
  }

  /** The note's text (UTF-8). Rejects when the note does not exist or leads out of the vault. */
  async read(path: string): Promise<string> {
    const real = await this.realPathInside(join(this.vaultDir, ...path.split('/')));
    if (real === undefined) throw new Error(`No note at ${path}.`);
    return readFile(real, 'utf8');
  }

  /**
   * Watches the folder and reports note changes. A rename reaches `fs.watch` as two events
   * with no link between them, so it is reported as a delete and a create, which the index
   * handles the same way.
   */
  onChange(listener: (change: VaultChange) => void): () => void {
    let watcher: FSWatcher;
    try {
      watcher = watch(this.vaultDir, { recursive: true }, (_event, filename) => {
        if (!filename) return;
        const path = String(filename).split(sep).join('/');
        if (!isNotePath(path)) return;
        void this.statNote(join(this.vaultDir, ...path.split('/'))).then(
          (note) => listener(note ? { type: 'modify', note } : { type: 'delete', path }),
          () => undefined,
        );
      });
    } catch {
      // Recursive watching is not supported on every platform and Node version; the CLI
      // does not need it, so a source without a watcher simply reports nothing.
      return () => undefined;
    }
    return () => watcher.close();
  }

  /** The real path of `absolute` when it lies inside the vault's real folder; undefined otherwise or when missing. */
  private async realPathInside(absolute: string): Promise<string | undefined> {
    try {
      this.realRoot ??= realpath(this.vaultDir);
      const [root, real] = await Promise.all([this.realRoot, realpath(absolute)]);
      return real.startsWith(root.endsWith(sep) ? root : root + sep) ? real : undefined;
    } catch {
      return undefined;
    }
  }

  private async statNote(absolute: string): Promise<VaultNoteInfo | undefined> {
    try {
      const real = await this.realPathInside(absolute);
      if (real === undefined) return undefined;
      const info = await stat(real);
      if (!info.isFile()) return undefined;
      return { path: toVaultPath(this.vaultDir, absolute), mtime: Math.round(info.mtimeMs), size: info.size };
    } catch {
      return undefined;
    }
  }
}
