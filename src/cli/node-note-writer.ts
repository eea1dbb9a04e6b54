import { lstat, mkdir, readFile, realpath, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import type { NoteWriter } from '../writes';

/**
 * The {@link NoteWriter} of a folder on disk (the CLI, tests). Paths come checked by the write
 * tools' rules; on top of that nothing is read or written through a symlink that leads out of
 * the vault (DESIGN.md 11.6), and `create` never replaces a file (`wx`). A removed note goes to
 * the vault's `.trash` folder, where Obsidian's "Move to Obsidian trash" puts files.
 */
export class NodeNoteWriter implements NoteWriter {
  private realRoot: Promise<string> | undefined;

  constructor(private readonly vaultDir: string) {}

  async read(path: string): Promise<string | null> {
    const real = await this.existingInside(path);
    if (real === undefined) return null;
    try {
      return await readFile(real, 'utf8');
    } catch {
      return null;
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
    const absolute = this.absolute(path);
    await this.ensureFolderInside(dirname(absolute));
    await writeFile(absolute, content, { encoding: 'utf8', flag: 'wx' });
  }

  async process(path: string, change: (current: string) => string): Promise<string> {
    const real = await this.existingInside(path);
    if (real === undefined) throw new Error(`There is no note at ${path}.`);
    const next = change(await readFile(real, 'utf8'));
    await writeFile(real, next, 'utf8');
    return next;
  }

  async remove(path: string): Promise<void> {
    const real = await this.existingInside(path);
    if (real === undefined) return;
    const trash = join(this.vaultDir, '.trash');
    await this.ensureFolderInside(trash);
    const name = basename(this.absolute(path), '.md');
    for (let copy = 1; ; copy += 1) {
      const target = join(trash, copy === 1 ? `${name}.md` : `${name} ${copy}.md`);
      if (await this.exists(`.trash/${basename(target)}`)) continue;
      await rename(this.absolute(path), target);
      return;
    }
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
