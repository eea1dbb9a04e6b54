import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { ToolCallRefusal } from '../agent';
import { checkWritePath, type NoteWriter } from '../writes';
import { describeFsError } from './describe-fs-error';

/** Options of {@link NodeNoteWriter}. */
export interface NodeNoteWriterOptions {
  /** The conversations folder, whose rule is applied again to where a path really leads. */
  readonly conversationsFolder?: string;
}

/**
 * The {@link NoteWriter} of a folder on disk (the CLI, tests). Paths come checked by the write
 * tools' rules; on top of that (DESIGN.md 11.6, 12.6):
 * - the rules are applied again to the path's real location, so `Notes/cfg -> ../.obsidian` or
 *   a link into the conversations folder is refused, and nothing is read or written through a
 *   link out of the vault;
 * - a note is opened without following a link at its last step (`O_NOFOLLOW`) and written
 *   through that file descriptor only after checking that the opened file is the one at the
 *   checked real path (same device and inode), so a folder swapped for a link between the
 *   check and the write cannot send the write elsewhere;
 * - `create` never replaces a file (`O_EXCL`);
 * - errors name the vault-relative path, never where the vault is on disk.
 */
export class NodeNoteWriter implements NoteWriter {
  private realRoot: Promise<string> | undefined;

  constructor(
    private readonly vaultDir: string,
    private readonly options: NodeNoteWriterOptions = {},
  ) {}

  async read(path: string): Promise<string | null> {
    const real = await this.existingInside(path);
    if (real === undefined) return null;
    let handle: FileHandle | undefined;
    try {
      handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW);
      await this.verifyOpened(handle, real, path);
      return await handle.readFile('utf8');
    } catch {
      return null;
    } finally {
      await handle?.close();
    }
  }

  async exists(path: string): Promise<boolean> {
    try {
      await lstat(this.absolute(path));
      return true;
    } catch {
      return false;
    }
  }

  async create(path: string, content: string): Promise<void> {
    await this.vaultRelativeErrors(path, async () => {
      const absolute = this.absolute(path);
      await this.ensureFolderInside(dirname(absolute));
      const real = join(await realpath(dirname(absolute)), basename(absolute));
      await this.checkRealPath(real, path);
      const handle = await open(real, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o666);
      try {
        await this.verifyOpened(handle, real, path);
        await handle.writeFile(content, 'utf8');
      } finally {
        await handle.close();
      }
    });
  }

  async process(path: string, change: (current: string) => string): Promise<string> {
    const real = await this.existingInside(path);
    if (real === undefined) throw new Error(`There is no note at ${path}.`);
    await this.checkRealPath(real, path);
    return this.vaultRelativeErrors(path, async () => {
      const handle = await open(real, constants.O_RDWR | constants.O_NOFOLLOW);
      try {
        await this.verifyOpened(handle, real, path);
        const next = change(await handle.readFile('utf8'));
        await handle.truncate(0);
        await handle.write(next, 0, 'utf8');
        return next;
      } finally {
        await handle.close();
      }
    });
  }

  async remove(path: string): Promise<void> {
    const real = await this.existingInside(path);
    if (real !== undefined) await this.vaultRelativeErrors(path, () => unlink(this.absolute(path)));
  }

  private absolute(path: string): string {
    return join(this.vaultDir, ...path.split('/'));
  }

  private async root(): Promise<string> {
    this.realRoot ??= realpath(this.vaultDir);
    return this.realRoot;
  }

  private async isInside(real: string): Promise<boolean> {
    const root = await this.root();
    return real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);
  }

  /** The write rules on where the path really is: a link into `.obsidian` or the conversations folder is refused like the folder itself. */
  private async checkRealPath(real: string, path: string): Promise<void> {
    if (!(await this.isInside(real))) throw new ToolCallRefusal(`"${path}" leads outside the vault through a symbolic link. Nothing was written.`);
    const inside = relative(await this.root(), real).split(sep).join('/');
    const checked = checkWritePath(inside, { conversationsFolder: this.options.conversationsFolder ?? '' });
    if (!checked.ok) throw new ToolCallRefusal(`"${path}" leads through a symbolic link to "${inside}": ${checked.reason}. Nothing was written.`);
  }

  /** The file behind `handle` is the file at `real` now, and `real` is still inside the vault: nothing was swapped in after the check. */
  private async verifyOpened(handle: FileHandle, real: string, path: string): Promise<void> {
    const [opened, atPath, realNow] = await Promise.all([handle.stat(), stat(real).catch(() => null), realpath(real).catch(() => null)]);
    if (atPath === null || realNow !== real || opened.dev !== atPath.dev || opened.ino !== atPath.ino) {
      throw new ToolCallRefusal(`a folder on the way to "${path}" changed into a symbolic link while writing. Nothing was written.`);
    }
  }

  /** Node's errors name the absolute path (`ENAMETOOLONG: name too long, open '/home/…'`); the model and the user get the vault path. */
  private async vaultRelativeErrors<T>(path: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ToolCallRefusal || typeof error !== 'object' || error === null || !('code' in error)) throw error;
      throw new Error(`Cannot write "${path}": ${describeFsError(error)}.`);
    }
  }

  /** The real path of an existing file inside the vault; undefined when missing, not a file, or outside. */
  private async existingInside(path: string): Promise<string | undefined> {
    try {
      const real = await realpath(this.absolute(path));
      if (!(await this.isInside(real))) return undefined;
      return (await lstat(real)).isFile() ? real : undefined;
    } catch {
      return undefined;
    }
  }

  /** Creates `folder` and its parents, refusing when an existing ancestor is a link out of the vault. */
  private async ensureFolderInside(folder: string): Promise<void> {
    let existing = folder;
    for (;;) {
      try {
        const real = await realpath(existing);
        if (!(await this.isInside(real))) throw new Error('The folder of this note leads outside the vault.');
        break;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
        existing = dirname(existing);
      }
    }
    await mkdir(folder, { recursive: true });
  }
}
