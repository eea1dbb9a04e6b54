import { mkdtempSync, mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeVaultSource } from '../../src/cli/node-vault-source';
import type { VaultChange } from '../../src/search';
import { AwaitableList } from '../support/awaitable-list';

const FIXTURE = join(__dirname, '..', 'fixtures', 'vault');

describe('NodeVaultSource', () => {
  it('lists every .md note with / paths, skipping dot-folders, node_modules and other files', async () => {
    const notes = await new NodeVaultSource(FIXTURE).listNotes();
    const paths = notes.map((note) => note.path);
    expect(paths).toContain('Gardening.md');
    expect(paths).toContain('Recipes/Tomato soup.md');
    expect(paths).toContain('Languages/日本語.md');
    expect(paths.some((path) => path.startsWith('.') || path.includes('node_modules') || !path.endsWith('.md'))).toBe(false);
    expect(paths).toEqual([...paths].sort());
    expect(notes.every((note) => note.size > 0 && note.mtime > 0)).toBe(true);
  });

  it('reads notes by vault path and reports their mtime and size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glassbox-vault-'));
    try {
      mkdirSync(join(dir, 'Sub folder'));
      writeFileSync(join(dir, 'Sub folder', 'Café.md'), 'crème');
      utimesSync(join(dir, 'Sub folder', 'Café.md'), new Date(1_700_000_000_000), new Date(1_700_000_000_000));
      const source = new NodeVaultSource(dir);
      expect(await source.listNotes()).toEqual([{ path: 'Sub folder/Café.md', mtime: 1_700_000_000_000, size: 6 }]);
      expect(await source.read('Sub folder/Café.md')).toBe('crème');
      await expect(source.read('missing.md')).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports changes through fs.watch, and stops when unsubscribed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glassbox-watch-'));
    const changes = new AwaitableList<VaultChange>();
    const source = new NodeVaultSource(dir);
    const stop = source.onChange(changes.push);
    try {
      writeFileSync(join(dir, 'new.md'), 'hello');
      await changes.until((seen) => seen.some((change) => change.type !== 'delete' && change.note.path === 'new.md'));
      renameSync(join(dir, 'new.md'), join(dir, 'renamed.md'));
      await changes.until((seen) => seen.some((change) => change.type === 'delete' && change.path === 'new.md'));
      await changes.until((seen) => seen.some((change) => change.type !== 'delete' && change.note.path === 'renamed.md'));
      writeFileSync(join(dir, 'ignored.txt'), 'not a note');
      mkdirSync(join(dir, '.git'));
      writeFileSync(join(dir, '.git', 'notes.md'), 'not a note');
    } finally {
      stop();
      rmSync(dir, { recursive: true, force: true });
    }
    const paths = changes.items.map((change) => (change.type === 'delete' ? change.path : change.note.path));
    expect(paths.every((path) => path === 'new.md' || path === 'renamed.md')).toBe(true);
  });
});
