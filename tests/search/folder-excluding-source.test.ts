import { FolderExcludingSource } from '../../src/search/folder-excluding-source';
import type { VaultChange, VaultSource } from '../../src/search/vault-source';

function memorySource(notes: Record<string, string>): VaultSource & { emit(change: VaultChange): void } {
  const listeners = new Set<(change: VaultChange) => void>();
  return {
    listNotes: () => Promise.resolve(Object.keys(notes).map((path) => ({ path, mtime: 1, size: notes[path].length }))),
    read: (path) => (path in notes ? Promise.resolve(notes[path]) : Promise.reject(new Error('missing'))),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (change) => listeners.forEach((listener) => listener(change)),
  };
}

describe('FolderExcludingSource', () => {
  const inner = memorySource({ 'Refunds.md': 'a', 'Glassbox/Conversations/Refunds?.md': 'b', 'glassbox/conversations/Old.md': 'c', 'Glassbox/Other.md': 'd' });
  const source = new FolderExcludingSource(inner, '/Glassbox/Conversations/');

  it('lists every note outside the folder, matching the folder case-insensitively', async () => {
    expect((await source.listNotes()).map((note) => note.path)).toEqual(['Refunds.md', 'Glassbox/Other.md']);
  });

  it('refuses to read a hidden note and reads the others', async () => {
    await expect(source.read('Glassbox/Conversations/Refunds?.md')).rejects.toThrow('No note at Glassbox/Conversations/Refunds?.md.');
    await expect(source.read('Refunds.md')).resolves.toBe('a');
  });

  it('passes on changes outside the folder only', () => {
    const seen: string[] = [];
    const stop = source.onChange((change) => seen.push(change.type === 'delete' ? change.path : change.note.path));
    inner.emit({ type: 'create', note: { path: 'Glassbox/Conversations/New.md', mtime: 2, size: 1 } });
    inner.emit({ type: 'delete', path: 'Travel.md' });
    stop();
    inner.emit({ type: 'delete', path: 'After.md' });
    expect(seen).toEqual(['Travel.md']);
  });

  it('reads a folder given as a function at each call, so a changed setting applies at once', async () => {
    let folder = 'Glassbox/Conversations';
    const live = new FolderExcludingSource(inner, () => folder);
    expect(live.hides('Glassbox/Conversations/Refunds?.md')).toBe(true);
    folder = 'Glassbox';
    expect((await live.listNotes()).map((note) => note.path)).toEqual(['Refunds.md']);
    const seen: string[] = [];
    const stop = live.onChange((change) => seen.push(change.type === 'delete' ? change.path : change.note.path));
    inner.emit({ type: 'create', note: { path: 'Glassbox/Chats/New.md', mtime: 2, size: 1 } });
    inner.emit({ type: 'create', note: { path: 'Notes/New.md', mtime: 2, size: 1 } });
    stop();
    expect(seen).toEqual(['Notes/New.md']);
  });

  it('hides nothing when the folder is the vault root', async () => {
    const rootFolder = new FolderExcludingSource(inner, '/');
    expect(await rootFolder.listNotes()).toHaveLength(4);
  });
});
