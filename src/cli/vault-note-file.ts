import { createHash, randomBytes } from 'node:crypto';
import { link, lstat, mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Thrown when a folder or file on the way to a note is a symbolic link: conversations are saved only in the vault's real folders. */
export class SymlinkOnPathError extends Error {
  readonly code = 'ESYMLINK';
  constructor(readonly vaultPath: string) {
    super(`"${vaultPath}" is a symbolic link, and Glassbox saves conversations only through real folders of the vault`);
    this.name = 'SymlinkOnPathError';
  }
}

/** How long a save waits for another process's save of the same note before giving up. */
const LOCK_WAIT_MS = 15_000;
/** A lock older than this is left over from a killed process even if its pid was reused. */
const STALE_LOCK_MS = 60_000;
/** `.NAME.glassbox-PID-RANDOM.tmp`, and the `NAME.glassbox-PID.tmp` of earlier versions. */
const TEMPORARY = /\.glassbox-(\d+)(?:-[0-9a-f]+)?\.tmp$/;

/**
 * The folders of a vault path, created where missing, each checked to be a real folder (not a
 * symbolic link, which could lead out of the vault or into another of its folders). Returns the
 * folder's absolute path. The vault folder itself may be a link: the user chose it.
 */
export async function ensureRealFolder(vaultDir: string, folder: string): Promise<string> {
  let absolute = vaultDir;
  const done: string[] = [];
  for (const segment of folder.split('/').filter((part) => part !== '')) {
    absolute = join(absolute, segment);
    done.push(segment);
    await mkdir(absolute).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    });
    const info = await lstat(absolute);
    if (info.isSymbolicLink()) throw new SymlinkOnPathError(done.join('/'));
    if (!info.isDirectory()) throw Object.assign(new Error(`"${done.join('/')}" is a file`), { code: 'ENOTDIR' });
  }
  return absolute;
}

/** Refuses a note path whose folders or file are symbolic links (the file may be missing). */
export async function assertNoSymlinks(vaultDir: string, path: string): Promise<void> {
  const segments = path.split('/').filter((part) => part !== '');
  let absolute = vaultDir;
  for (let index = 0; index < segments.length; index += 1) {
    absolute = join(absolute, segments[index] ?? '');
    const info = await lstat(absolute).catch(() => null);
    if (info === null) return;
    if (info.isSymbolicLink()) throw new SymlinkOnPathError(segments.slice(0, index + 1).join('/'));
  }
}

/**
 * Writes `text` as `folder/name`: into a new temporary file (exclusive create, so a planted
 * file or link there is never written through; a random name, so it cannot be guessed), then
 * renamed over the note, so a crash never leaves half a note. Temporary files left by a save
 * that was killed (its process is gone) are removed first. `exclusive`: fail with EEXIST
 * rather than replace a note already there.
 */
export async function writeNoteAtomically(folder: string, name: string, text: string, options: { exclusive?: boolean } = {}): Promise<void> {
  await removeLeftovers(folder);
  const temporary = join(folder, `.${name}.glassbox-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, text, { encoding: 'utf8', flag: 'wx' });
    // A new note must not replace one another process created meanwhile: a hard link fails with EEXIST.
    if (options.exclusive === true) await link(temporary, join(folder, name));
    else await rename(temporary, join(folder, name));
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/**
 * Runs `change` while holding the note's lock file (`.NAME.glassbox-lock`, created
 * exclusively, holding `PID RANDOM`), so two processes saving one note take turns and each
 * merges against the note as the other left it. A lock whose process is gone, or older than a
 * minute, is taken over atomically ({@link takeOverStale}): of many waiters, one removes it.
 * The lock is released only while it is still this save's own.
 */
export async function withNoteLock<T>(folder: string, name: string, change: () => Promise<T>): Promise<T> {
  const lock = join(folder, `.${name}.glassbox-lock`);
  const token = `${process.pid} ${randomBytes(6).toString('hex')}`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(token);
      await handle.close();
      break;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
      if (await takeOverStale(lock)) continue;
      if (Date.now() > deadline) throw new Error(`another save of "${name}" has held it for ${LOCK_WAIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
  }
  try {
    return await change();
  } finally {
    if ((await readFile(lock, 'utf8').catch(() => '')) === token) await unlink(lock).catch(() => undefined);
  }
}

/**
 * Removes the lock when it is stale, as one waiter only (issue 36: two waiters both removed it,
 * the second one the first one's new lock, and both saved). The waiter first creates, exclusively,
 * a marker named after this lock's contents (or its inode and time when empty): whoever else
 * judged the same lock stale fails there. Holding the marker, it reads the lock again and
 * removes it only when it is still the same one; only a marker holder may remove a lock whose
 * owner is gone, so it cannot change in between. True when the caller should try again at once.
 */
async function takeOverStale(lock: string): Promise<boolean> {
  const seen = await lockState(lock);
  if (seen === null) return true;
  if (!seen.stale) return false;
  const marker = `${lock}.${createHash('sha256').update(seen.identity).digest('hex').slice(0, 16)}.takeover`;
  try {
    await writeFile(marker, String(process.pid), { flag: 'wx' });
  } catch {
    // Another waiter is taking it over (or a killed one left its marker: it expires with the lock's own age limit).
    const info = await stat(marker).catch(() => null);
    if (info !== null && Date.now() - info.mtimeMs > STALE_LOCK_MS) await unlink(marker).catch(() => undefined);
    return false;
  }
  try {
    const now = await lockState(lock);
    if (now !== null && now.identity === seen.identity) await unlink(lock).catch(() => undefined);
  } finally {
    await unlink(marker).catch(() => undefined);
  }
  return true;
}

/** The lock's identity (its contents, or its inode and time while empty) and whether it is stale; null when there is none. */
async function lockState(lock: string): Promise<{ identity: string; stale: boolean } | null> {
  const [text, info] = await Promise.all([readFile(lock, 'utf8').catch(() => ''), stat(lock).catch(() => null)]);
  if (info === null) return null;
  const identity = text !== '' ? text : `empty ${info.ino} ${info.mtimeMs}`;
  if (Date.now() - info.mtimeMs > STALE_LOCK_MS) return { identity, stale: true };
  // Being written by its owner right now: not stale yet.
  if (text === '') return { identity, stale: Date.now() - info.mtimeMs > 1000 };
  return { identity, stale: !isAlive(Number(text.split(' ')[0])) };
}

async function removeLeftovers(folder: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    const match = TEMPORARY.exec(name);
    if (match === null || isAlive(Number(match[1]))) continue;
    const absolute = join(folder, name);
    if ((await lstat(absolute).catch(() => null))?.isFile() === true) await unlink(absolute).catch(() => undefined);
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}
