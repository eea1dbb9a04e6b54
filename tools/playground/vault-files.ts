import { mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One file of the vault as the page receives it. */
export interface PlaygroundVaultFile {
  /** Vault-relative, `/`-separated. */
  readonly path: string;
  readonly content: string;
  /** Epoch ms. */
  readonly ctime: number;
  readonly mtime: number;
}

/** Why a vault path was refused. */
export type VaultPathResult = { readonly ok: true; readonly absolute: string } | { readonly ok: false; readonly error: string };

// Only text the plugin can index or save: Markdown notes (and canvas/JSON notes Obsidian keeps).
const TEXT_EXTENSIONS = new Set(['.md', '.canvas']);

/**
 * Resolves a vault-relative path from the page to an absolute path inside `vaultDir`, refusing
 * anything that could escape the folder (absolute paths, `..`, backslashes, NUL) or touch the
 * hidden configuration folders (`.obsidian`, `.git`): the playground may be pointed at a real
 * vault, and the page must never overwrite the user's real settings or repository.
 */
export function resolveVaultPath(vaultDir: string, relative: unknown): VaultPathResult {
  if (typeof relative !== 'string' || relative.length === 0 || relative.length > 1024) {
    return { ok: false, error: 'path must be a non-empty string' };
  }
  if (relative.includes('\0') || relative.includes('\\')) return { ok: false, error: 'path holds a forbidden character' };
  if (relative.startsWith('/') || /^[a-zA-Z]:/.test(relative)) return { ok: false, error: 'path must be relative to the vault' };
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return { ok: false, error: 'path may not contain empty, "." or ".." segments' };
  }
  if (segments.some((segment) => segment.startsWith('.'))) return { ok: false, error: 'hidden files and folders are off limits' };
  if (!TEXT_EXTENSIONS.has(path.extname(relative).toLowerCase())) return { ok: false, error: 'only .md and .canvas files can be written' };
  const root = path.resolve(vaultDir);
  const absolute = path.resolve(root, ...segments);
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return { ok: false, error: 'path escapes the vault' };
  return { ok: true, absolute };
}

/** Checks that no symlink on the way to `absolute` leads out of the vault (the file itself may not exist yet). */
async function staysInsideVault(vaultDir: string, absolute: string): Promise<boolean> {
  const root = await realpath(vaultDir);
  let probe = absolute;
  // Walk up to the nearest existing ancestor, then compare its real path with the vault's.
  for (;;) {
    try {
      const real = await realpath(probe);
      return real === root || real.startsWith(root + path.sep);
    } catch {
      const parent = path.dirname(probe);
      if (parent === probe) return false;
      probe = parent;
    }
  }
}

/** Reads every Markdown note of the vault (hidden folders skipped), sorted by path. */
export async function readVaultFiles(vaultDir: string): Promise<PlaygroundVaultFile[]> {
  const files: PlaygroundVaultFile[] = [];
  const walk = async (relativeDir: string): Promise<void> => {
    const entries = await readdir(path.join(vaultDir, relativeDir), { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const relative = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
      if (entry.isDirectory()) await walk(relative);
      else if (entry.isFile() && TEXT_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) {
        const absolute = path.join(vaultDir, relative);
        const [content, info] = await Promise.all([readFile(absolute, 'utf8'), stat(absolute)]);
        files.push({ path: relative, content, ctime: Math.round(info.birthtimeMs || info.ctimeMs), mtime: Math.round(info.mtimeMs) });
      }
    }
  };
  await walk('');
  return files.sort((left, right) => left.path.localeCompare(right.path));
}

/** Writes (creating folders) one note the page saved. */
export async function writeVaultFile(vaultDir: string, relative: unknown, content: unknown): Promise<VaultPathResult> {
  const resolved = resolveVaultPath(vaultDir, relative);
  if (!resolved.ok) return resolved;
  if (typeof content !== 'string') return { ok: false, error: 'content must be a string' };
  if (!(await staysInsideVault(vaultDir, resolved.absolute))) return { ok: false, error: 'path escapes the vault' };
  await mkdir(path.dirname(resolved.absolute), { recursive: true });
  await writeFile(resolved.absolute, content, 'utf8');
  return resolved;
}

/** Deletes one note the page deleted. A missing file is not an error. */
export async function deleteVaultFile(vaultDir: string, relative: unknown): Promise<VaultPathResult> {
  const resolved = resolveVaultPath(vaultDir, relative);
  if (!resolved.ok) return resolved;
  if (!(await staysInsideVault(vaultDir, resolved.absolute))) return { ok: false, error: 'path escapes the vault' };
  await rm(resolved.absolute, { force: true });
  return resolved;
}

/** Renames one note the page renamed. */
export async function renameVaultFile(vaultDir: string, from: unknown, to: unknown): Promise<VaultPathResult> {
  const source = resolveVaultPath(vaultDir, from);
  if (!source.ok) return source;
  const target = resolveVaultPath(vaultDir, to);
  if (!target.ok) return target;
  if (!(await staysInsideVault(vaultDir, source.absolute)) || !(await staysInsideVault(vaultDir, target.absolute))) {
    return { ok: false, error: 'path escapes the vault' };
  }
  await mkdir(path.dirname(target.absolute), { recursive: true });
  await rename(source.absolute, target.absolute);
  return target;
}
