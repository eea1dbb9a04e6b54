import { lstat, realpath, writeFile } from 'node:fs/promises';
import { describeFsError } from './describe-fs-error';

/** Why {@link writeOutFile} wrote nothing: one sentence for stderr. */
export class OutFileRefused extends Error {
  constructor(sentence: string) {
    super(sentence);
    this.name = 'OutFileRefused';
  }
}

/**
 * Writes `text` to a new file `path` (`export --out`, issue 36): without `force` it never
 * writes over an existing file, the note being exported (`source`) included, nor through a
 * symlink, even a dangling one. The file is created with O_EXCL (`wx`), so one that appears
 * between the check and the write is not overwritten either. `shown` is the path as the user
 * gave it, for the messages. `text` is made once the file may be written: its inert check
 * (`inertFileText`) speaks only of a file that would otherwise be written.
 */
export async function writeOutFile(options: { path: string; shown: string; text: () => string; source: string; force: boolean }): Promise<void> {
  const { path, shown, force } = options;
  if (!force) {
    const existing = await lstat(path).catch(() => undefined);
    if (existing !== undefined) {
      const what = existing.isSymbolicLink() ? 'is a symbolic link' : (await sameFile(path, options.source)) ? 'is the note being exported' : 'already exists';
      throw new OutFileRefused(`Not written: "${shown}" ${what}; give a new file, or add --force to write over it.`);
    }
  }
  const text = options.text();
  try {
    await writeFile(path, text, { encoding: 'utf8', flag: force ? 'w' : 'wx' });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EEXIST') throw new OutFileRefused(`Not written: "${shown}" already exists; give a new file, or add --force to write over it.`);
    throw new OutFileRefused(`Cannot write "${shown}": ${describeFsError(error)}.`);
  }
}

async function sameFile(one: string, other: string): Promise<boolean> {
  const [a, b] = await Promise.all([realpath(one).catch(() => one), realpath(other).catch(() => other)]);
  return a === b;
}
