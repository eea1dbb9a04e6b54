import { lstat, mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
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

// Only text the plugin can index or save: Markdown notes (and canvas/JSON notes Obsidian keeps),
// the Conversations.base beside the conversations, and a conversation exported as HTML; and the
// images pasted into the chat, which the page sends as base64.
const TEXT_EXTENSIONS = new Set(['.md', '.canvas', '.base', '.html']);
const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);

/** Whether a vault path is an image the page sends as base64. */
export function isImagePath(relative: string): boolean {
  return IMAGE_EXTENSIONS.has(path.extname(relative).toLowerCase());
}

/**
 * Resolves a vault-relative path from the page to an absolute path inside `vaultDir`, refusing
 * anything that could escape the folder (absolute paths, `..`, backslashes, NUL) or touch the
 * hidden configuration folders (`.obsidian`, `.git`): the playground may be pointed at a real
 * vault, and the page must never overwrite the user's real settings or repository.
 */
export function resolveVaultPath(vaultDir: string, relative: unknown): VaultPathResult {
  if (typeof relative !== 'string' || relative.length === 0 || relative.length > 1024) {
    return { ok: false, error: 'The path must be a non-empty string.' };
  }
  if (relative.includes('\0') || relative.includes('\\')) return { ok: false, error: 'The path holds a forbidden character.' };
  if (relative.startsWith('/') || /^[a-zA-Z]:/.test(relative)) return { ok: false, error: 'The path must be relative to the vault.' };
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return { ok: false, error: 'The path may not contain empty, "." or ".." segments.' };
  }
  if (segments.some((segment) => segment.startsWith('.'))) return { ok: false, error: 'Hidden files and folders are off limits.' };
  if (!TEXT_EXTENSIONS.has(path.extname(relative).toLowerCase()) && !isImagePath(relative)) return { ok: false, error: 'Only .md, .canvas, .base and .html files and images can be written.' };
  const root = path.resolve(vaultDir);
  const absolute = path.resolve(root, ...segments);
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return { ok: false, error: 'The path leads out of the vault.' };
  return { ok: true, absolute };
}

/**
 * Checks that no symlink on the way to `absolute` leads out of the vault (the file itself may
 * not exist yet). A dangling symlink counts as leading out: writing through it would create
 * its target, wherever that is.
 */
async function staysInsideVault(vaultDir: string, absolute: string): Promise<boolean> {
  const root = await realpath(vaultDir);
  let probe = absolute;
  // Walk up to the nearest existing entry, then compare its real path with the vault's.
  for (;;) {
    if (await exists(probe)) {
      try {
        const real = await realpath(probe);
        return real === root || real.startsWith(root + path.sep);
      } catch {
        return false;
      }
    }
    const parent = path.dirname(probe);
    if (parent === probe) return false;
    probe = parent;
  }
}

/** Whether a directory entry exists at `absolute` (a symlink counts, even a dangling one). */
async function exists(absolute: string): Promise<boolean> {
  try {
    await lstat(absolute);
    return true;
  } catch {
    return false;
  }
}

/** Creates the folders above `absolute`; a file standing where a folder belongs fails as ENOTDIR. */
async function makeParentFolder(absolute: string): Promise<void> {
  try {
    await mkdir(path.dirname(absolute), { recursive: true });
  } catch (error) {
    // mkdir says EEXIST (with the absolute path) when a file holds a folder's place.
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EEXIST') throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    throw error;
  }
}

/**
 * One sentence for a failed file operation, naming the vault-relative path the page sent:
 * never Node's raw message, which carries the absolute path of the folder on this machine.
 */
export function describeVaultError(error: unknown, action: string, relative: string): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const reasons: Record<string, string> = {
    ENOENT: 'it or its folder does not exist',
    ENOTDIR: 'a file on its path is not a folder',
    EISDIR: 'a folder has that name',
    EEXIST: 'something already has that name',
    EACCES: 'permission was denied',
    EPERM: 'permission was denied',
    EROFS: 'the folder is read-only',
    ENOSPC: 'the disk is full',
    ENAMETOOLONG: 'the name is too long',
  };
  return `Could not ${action} "${relative}": ${reasons[code] ?? 'the file system refused'}.`;
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
  if (typeof content !== 'string') return { ok: false, error: 'The content must be a string.' };
  if (!(await staysInsideVault(vaultDir, resolved.absolute))) return { ok: false, error: 'The path leads out of the vault.' };
  try {
    await makeParentFolder(resolved.absolute);
    // An image comes as base64 (JSON carries no bytes); everything else is UTF-8 text.
    await writeFile(resolved.absolute, isImagePath(relative as string) ? Buffer.from(content, 'base64') : content, isImagePath(relative as string) ? undefined : 'utf8');
  } catch (error) {
    return { ok: false, error: describeVaultError(error, 'write', relative as string) };
  }
  return resolved;
}

/** Deletes one note the page deleted. A missing file is not an error. */
export async function deleteVaultFile(vaultDir: string, relative: unknown): Promise<VaultPathResult> {
  const resolved = resolveVaultPath(vaultDir, relative);
  if (!resolved.ok) return resolved;
  if (!(await staysInsideVault(vaultDir, resolved.absolute))) return { ok: false, error: 'The path leads out of the vault.' };
  try {
    await rm(resolved.absolute, { force: true });
  } catch (error) {
    return { ok: false, error: describeVaultError(error, 'delete', relative as string) };
  }
  return resolved;
}

/** Renames one note the page renamed; never over an existing note (Obsidian refuses that too). */
export async function renameVaultFile(vaultDir: string, from: unknown, to: unknown): Promise<VaultPathResult> {
  const source = resolveVaultPath(vaultDir, from);
  if (!source.ok) return source;
  const target = resolveVaultPath(vaultDir, to);
  if (!target.ok) return target;
  if (!(await staysInsideVault(vaultDir, source.absolute)) || !(await staysInsideVault(vaultDir, target.absolute))) {
    return { ok: false, error: 'The path leads out of the vault.' };
  }
  if (await exists(target.absolute)) return { ok: false, error: `Could not rename "${from as string}": "${to as string}" already exists.` };
  try {
    await makeParentFolder(target.absolute);
    await rename(source.absolute, target.absolute);
  } catch (error) {
    return { ok: false, error: describeVaultError(error, 'rename', from as string) };
  }
  return target;
}
