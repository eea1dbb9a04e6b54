import { FolderExcludingSource } from '../../src/cli/folder-excluding-source';
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
});
