import type { MetadataCache, Vault } from 'obsidian';
import { createFakeApp } from '../../../tools/fake-obsidian';
import { ObsidianVaultSource, pluginFolderIndexStore } from '../../../src/obsidian/search/obsidian-vault-source';
import { VaultIndex, openVaultIndex, type VaultChange } from '../../../src/search';

/** The fake app as the adapter sees it: Obsidian's own Vault and MetadataCache types. */
const host = (app: ReturnType<typeof createFakeApp>): { vault: Vault; metadataCache: MetadataCache } => app as unknown as { vault: Vault; metadataCache: MetadataCache };

const immediate = (): Promise<void> => new Promise((resolve) => window.setTimeout(resolve, 0));

function vaultWithNotes() {
  return createFakeApp({
    files: {
      'Projects/Alpha.md': '---\ntags: [work]\n---\n# Alpha\n\nShip the kayak rental site. See [[Beta]].\n#project/alpha',
      'Projects/Beta.md': '# Beta\n\nThe kayak booking form.',
      'Attachments/photo.png': 'binary',
      'Inbox.md': 'Loose thoughts about lighthouses.',
    },
  });
}

describe('ObsidianVaultSource on the fake host', () => {
  it('lists the Markdown notes with their mtime and size, and reads them', async () => {
    const app = vaultWithNotes();
    const source = new ObsidianVaultSource(host(app));
    const notes = await source.listNotes();
    expect(notes.map((note) => note.path).sort()).toEqual(['Inbox.md', 'Projects/Alpha.md', 'Projects/Beta.md']);
    const beta = app.vault.getFileByPath('Projects/Beta.md')!;
    expect(notes.find((note) => note.path === 'Projects/Beta.md')).toEqual({ path: 'Projects/Beta.md', mtime: beta.stat.mtime, size: beta.stat.size });
    expect(await source.read('Projects/Beta.md')).toBe('# Beta\n\nThe kayak booking form.');
    await expect(source.read('Nope.md')).rejects.toThrow('No note at Nope.md');
  });

  it('gives the metadata cache’s tags, headings and links', () => {
    const app = vaultWithNotes();
    app.metadataCache.indexAll();
    const metadata = new ObsidianVaultSource(host(app)).metadata('Projects/Alpha.md');
    expect(metadata?.tags).toEqual(expect.arrayContaining(['work', 'project/alpha']));
    expect(metadata?.headings).toEqual([{ heading: 'Alpha', level: 1 }]);
    expect(metadata?.links).toEqual(['Beta']);
  });

  it('turns vault and metadata cache events on notes into changes, ignores other files, and unsubscribes', async () => {
    const app = vaultWithNotes();
    const source = new ObsidianVaultSource(host(app));
    const changes: VaultChange[] = [];
    const stop = source.onChange((change) => changes.push(change));
    const created = await app.vault.create('New.md', 'fresh');
    await app.vault.modify(created, 'fresher');
    // The edit reaches the source only once the metadata cache has parsed it.
    expect(changes.map((change) => change.type)).toEqual(['create']);
    await app.metadataCache.settled();
    await app.vault.create('Attachments/other.png', 'x');
    await app.vault.rename(created, 'Projects/Renamed.md');
    await app.fileManager.trashFile(app.vault.getFileByPath('Inbox.md')!);
    stop();
    await app.vault.create('After.md', 'not seen');
    expect(changes.map((change) => [change.type, change.type === 'delete' ? change.path : change.note.path])).toEqual([
      ['create', 'New.md'],
      ['modify', 'New.md'],
      ['rename', 'Projects/Renamed.md'],
      ['delete', 'Inbox.md'],
    ]);
    expect(changes[2]).toMatchObject({ oldPath: 'New.md' });
  });

  it('keeps a VaultIndex current through the vault’s own events', async () => {
    const app = vaultWithNotes();
    const source = new ObsidianVaultSource(host(app));
    const index = await VaultIndex.build(source, { yieldToHost: immediate });
    index.watch();
    const file = await app.vault.create('Projects/Canoe.md', '# Canoe\n\nPaddle to the estuary.');
    await index.refresh();
    expect((await index.search('estuary')).map((result) => result.path)).toEqual(['Projects/Canoe.md']);
    await app.vault.rename(file, 'Projects/Boat trip.md');
    await index.refresh();
    expect((await index.search('estuary'))[0]).toMatchObject({ path: 'Projects/Boat trip.md', title: 'Boat trip' });
    await app.fileManager.trashFile(app.vault.getFileByPath('Projects/Boat trip.md')!);
    await index.refresh();
    expect(await index.search('estuary')).toEqual([]);
  });

  it('indexes an edit once the metadata cache has it: a deleted tag and link do not come back', async () => {
    const app = vaultWithNotes();
    const index = await VaultIndex.build(new ObsidianVaultSource(host(app)), { yieldToHost: immediate });
    index.watch();
    expect(index.notesWithTag('project/alpha').map((note) => note.path)).toEqual(['Projects/Alpha.md']);
    expect(index.backlinks('Projects/Beta.md')).toEqual([{ path: 'Projects/Alpha.md', count: 1 }]);
    await app.vault.modify(app.vault.getFileByPath('Projects/Alpha.md')!, '# Alpha\n\nShip the kayak rental site.');
    await app.metadataCache.settled();
    await index.refresh();
    expect(index.notesWithTag('project/alpha')).toEqual([]);
    expect(index.notesWithTag('work')).toEqual([]);
    expect(index.backlinks('Projects/Beta.md')).toEqual([]);
  });

  it('catches up when the metadata cache resolves after the index was built from an empty cache', async () => {
    const app = createFakeApp({ metadataResolvesLater: true, files: { 'Projects/Alpha.md': '# Alpha\n\n#project/alpha See [[Beta]].', 'Projects/Beta.md': '# Beta' } });
    const source = new ObsidianVaultSource(host(app));
    // Built within this task, before the cache has indexed anything.
    const index = await VaultIndex.build(source, { yieldToHost: () => Promise.resolve() });
    expect(app.metadataCache.getCache('Projects/Alpha.md')).toBeNull();
    index.watch();
    const changes: VaultChange[] = [];
    source.onChange((change) => changes.push(change));
    await app.metadataCache.settled();
    await index.refresh();
    // Built from the notes' text alone, then re-read with Obsidian's own metadata once it resolved.
    expect(changes.map((change) => [change.type, change.type === 'delete' ? change.path : change.note.path]).sort()).toEqual([
      ['modify', 'Projects/Alpha.md'],
      ['modify', 'Projects/Beta.md'],
    ]);
    expect(index.notesWithTag('project/alpha').map((note) => note.path)).toEqual(['Projects/Alpha.md']);
    expect(index.backlinks('Projects/Beta.md')).toEqual([{ path: 'Projects/Alpha.md', count: 1 }]);
  });

  it('persists the index in the plugin folder and reloads it without re-reading unchanged notes', async () => {
    const app = vaultWithNotes();
    const source = new ObsidianVaultSource(host(app));
    const store = pluginFolderIndexStore({ adapter: app.vault.adapter, path: `${app.vault.configDir}/plugins/glassbox/search-index.bin` });
    expect(await store.load()).toBeNull();
    const first = await openVaultIndex({ source, store, yieldToHost: immediate });
    expect((await first.search('kayak')).length).toBe(2);
    expect(await store.load()).not.toBeNull();

    const reads: string[] = [];
    const counting = new ObsidianVaultSource(host(app));
    const read = counting.read.bind(counting);
    counting.read = (path) => {
      reads.push(path);
      return read(path);
    };
    await app.vault.modify(app.vault.getFileByPath('Inbox.md')!, 'Thoughts about canoes instead.');
    const second = await openVaultIndex({ source: counting, store, yieldToHost: immediate });
    expect(reads).toEqual(['Inbox.md']);
    expect((await second.search('canoes')).map((result) => result.path)).toEqual(['Inbox.md']);
    expect((await second.search('kayak')).length).toBe(2);
  });
});
