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

  it('passes on changes outside the folder; inside it, only the removal of what the index may hold', async () => {
    await source.listNotes();
    const seen: VaultChange[] = [];
    const stop = source.onChange((change) => seen.push(change));
    inner.emit({ type: 'create', note: { path: 'Glassbox/Conversations/New.md', mtime: 2, size: 1 } });
    inner.emit({ type: 'delete', path: 'Glassbox/Conversations/Old.md' });
    inner.emit({ type: 'delete', path: 'Travel.md' });
    inner.emit({ type: 'rename', note: { path: 'Glassbox/Conversations/Moved.md', mtime: 2, size: 1 }, oldPath: 'Moved.md' });
    inner.emit({ type: 'rename', note: { path: 'Out.md', mtime: 2, size: 1 }, oldPath: 'Glassbox/Conversations/Out.md' });
    stop();
    inner.emit({ type: 'delete', path: 'After.md' });
    // The saved chat was never listed (same folder), so nothing is passed on for it.
    expect(seen).toEqual([
      { type: 'delete', path: 'Travel.md' },
      { type: 'delete', path: 'Moved.md' },
      { type: 'rename', note: { path: 'Out.md', mtime: 2, size: 1 }, oldPath: 'Glassbox/Conversations/Out.md' },
    ]);
  });

  it('reads a folder given as a function at each call, so a changed setting applies at once', async () => {
    let folder = 'Glassbox/Conversations';
    const live = new FolderExcludingSource(inner, () => folder);
    expect((await live.listNotes()).map((note) => note.path)).toEqual(['Refunds.md', 'Glassbox/Other.md']);
    folder = 'Glassbox';
    expect(live.hides('Glassbox/Other.md')).toBe(true);
    await expect(live.read('Glassbox/Other.md')).rejects.toThrow('No note at Glassbox/Other.md.');
    const seen: string[] = [];
    const stop = live.onChange((change) => seen.push(`${change.type} ${change.type === 'delete' ? change.path : change.note.path}`));
    // Indexed under the old setting: its next change takes it out of the index.
    inner.emit({ type: 'modify', note: { path: 'Glassbox/Other.md', mtime: 2, size: 1 } });
    inner.emit({ type: 'create', note: { path: 'Notes/New.md', mtime: 2, size: 1 } });
    stop();
    expect(seen).toEqual(['delete Glassbox/Other.md', 'create Notes/New.md']);
    expect((await live.listNotes()).map((note) => note.path)).toEqual(['Refunds.md']);
  });

  it('hides several folders at once: the conversations and the prompts', async () => {
    const both = new FolderExcludingSource(memorySource({ 'Next steps.md': 'a', 'Glassbox/Prompts/Next steps.md': 'b', 'Glassbox/Conversations/Next steps.md': 'c' }), () => ['Glassbox/Conversations', 'Glassbox/Prompts/']);
    expect((await both.listNotes()).map((note) => note.path)).toEqual(['Next steps.md']);
    await expect(both.read('Glassbox/Prompts/Next steps.md')).rejects.toThrow('No note at Glassbox/Prompts/Next steps.md.');
  });

  it('hides nothing when the folder is the vault root', async () => {
    const rootFolder = new FolderExcludingSource(inner, '/');
    expect(await rootFolder.listNotes()).toHaveLength(4);
  });
});
