import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/** A note found inside the vault: its vault-relative `/` path and where it is on disk. */
export interface VaultNote {
  readonly path: string;
  readonly absolute: string;
}

/**
 * Finds the note a command line names (DESIGN.md 11.4): a vault-relative path, or a filesystem
 * path (relative to the working folder) inside the vault; `.md` may be left off. A note whose real
 * location is outside the vault (through `..` or a symlink) is not a note of this vault (DESIGN.md 11.6).
 * Null when there is no such note.
 */
export async function findVaultNote(options: { vaultDir: string; cwd: string; name: string }): Promise<VaultNote | null> {
  const vaultReal = await realpath(options.vaultDir).catch(() => resolve(options.vaultDir));
  const candidates = [resolve(options.cwd, options.name), join(options.vaultDir, options.name)];
  for (const candidate of candidates) {
    for (const file of candidate.toLowerCase().endsWith('.md') ? [candidate] : [candidate, `${candidate}.md`]) {
      const real = await realpath(file).catch(() => null);
      if (real === null || !(await stat(real)).isFile()) continue;
      const inside = relative(vaultReal, real);
      if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) continue;
      return { path: inside.split(sep).join('/'), absolute: real };
    }
  }
  return null;
}
