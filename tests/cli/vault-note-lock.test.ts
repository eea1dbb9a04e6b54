import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withNoteLock } from '../../src/cli/vault-note-file';

// Issue 36 item 5: a stale note lock was taken over non-atomically, so two waiters both won
// (8 of 10 rounds lost an update in a direct test). Each round leaves a lock of a process that is
// gone, then eight saves at once each read the note, wait, and write it back one higher: every
// one of them must count.

/** The pid of a process that has ended: a lock holding it is left over from a killed save. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'glassbox-lock-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 5));

it('lets exactly one of many waiters take over a stale lock: no update is lost in 25 rounds', async () => {
  const lost: number[] = [];
  for (let round = 0; round < 25; round++) {
    const note = join(folder, `Round ${round}.md`);
    await writeFile(note, '0');
    await writeFile(join(folder, `.Round ${round}.md.glassbox-lock`), String(deadPid()));
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withNoteLock(folder, `Round ${round}.md`, async () => {
          const count = Number(await readFile(note, 'utf8'));
          await pause();
          await writeFile(note, String(count + 1));
        }),
      ),
    );
    const count = Number(await readFile(note, 'utf8'));
    if (count !== 8) lost.push(round);
  }
  expect(lost).toEqual([]);
  // Nothing of the locks is left behind.
  expect((await readdir(folder)).filter((name) => name.startsWith('.'))).toEqual([]);
}, 60_000);
