import { renameSync, symlinkSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeNoteWriter } from '../../src/cli/node-note-writer';

// Issue 25 item 3: the write rules hold for where a path really leads, and a write goes to the
// file that was checked even when a folder on the way is swapped for a symbolic link meanwhile.

let top: string;
let vault: string;
let outside: string;
let writer: NodeNoteWriter;

beforeEach(async () => {
  top = await mkdtemp(join(tmpdir(), 'glassbox-writer-'));
  vault = join(top, 'vault');
  outside = join(top, 'outside');
  await mkdir(join(vault, 'Notes'), { recursive: true });
  await mkdir(join(vault, '.trash'));
  await mkdir(join(vault, 'Glassbox', 'Conversations'), { recursive: true });
  await mkdir(join(outside, 'Notes'), { recursive: true });
  writer = new NodeNoteWriter(vault, { conversationsFolder: 'Glassbox/Conversations' });
});

afterEach(() => rm(top, { recursive: true, force: true }));

describe('NodeNoteWriter judges a path by where it really leads', () => {
  it.each([
    ['a hidden folder', '../.trash', /leads through a symbolic link to "\.trash\/x\.md": .*hidden folder/],
    ['the conversations folder', '../Glassbox/Conversations', /leads through a symbolic link to "Glassbox\/Conversations\/x\.md": .*conversations folder/],
  ])('refuses to create a note through a link into %s, and writes nothing there', async (_name, target, message) => {
    await symlink(target, join(vault, 'Notes', 'link'));
    await expect(writer.create('Notes/link/x.md', 'text')).rejects.toThrow(message);
    expect(await readdir(join(vault, target.slice(3)))).toEqual([]);
  });

  it('refuses to change a note that is a link to a conversation note', async () => {
    await writeFile(join(vault, 'Glassbox', 'Conversations', 'Chat.md'), 'chat\n');
    await symlink('../Glassbox/Conversations/Chat.md', join(vault, 'Notes', 'Chat.md'));
    await expect(writer.process('Notes/Chat.md', (text) => `${text}more\n`)).rejects.toThrow(/conversations folder/);
    expect(await readFile(join(vault, 'Glassbox', 'Conversations', 'Chat.md'), 'utf8')).toBe('chat\n');
  });

  it('writes to the file it checked when its folder is swapped for a link out of the vault meanwhile', async () => {
    await writeFile(join(vault, 'Notes', 'a.md'), 'before\n');
    await writeFile(join(outside, 'Notes', 'a.md'), 'outside\n');
    await writer.process('Notes/a.md', () => {
      // Between the check and the write: Notes becomes a link to a folder outside the vault.
      swapForLink();
      return 'written\n';
    });
    expect(await readFile(join(outside, 'Notes', 'a.md'), 'utf8')).toBe('outside\n');
    expect(await readFile(join(vault, 'Moved', 'a.md'), 'utf8')).toBe('written\n');
  });

  it('names the note by its vault path in an error, never the vault folder on disk', async () => {
    const error = await writer.create(`Notes/${'a'.repeat(300)}.md`, 'text').catch((caught: unknown) => caught as Error);
    expect((error as Error).message).toBe(`Cannot write "Notes/${'a'.repeat(300)}.md": the name is too long for the file system.`);
    expect((error as Error).message).not.toContain(top);
  });
});

/** Renames vault/Notes away and puts a link to outside/Notes in its place, synchronously (inside a `process` change). */
function swapForLink(): void {
  renameSync(join(vault, 'Notes'), join(vault, 'Moved'));
  symlinkSync(join(outside, 'Notes'), join(vault, 'Notes'));
}
