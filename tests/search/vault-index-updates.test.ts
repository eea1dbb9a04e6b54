import { VaultIndex } from '../../src/search';
import { MemoryVaultSource, fixtureVault, immediate } from './support/memory-vault-source';

const paths = async (index: VaultIndex, query: string): Promise<string[]> => (await index.search(query)).map((result) => result.path);

describe('VaultIndex kept current', () => {
  it('follows create, modify, delete and rename events', async () => {
    const source = fixtureVault();
    const index = await VaultIndex.build(source, { yieldToHost: immediate });
    const stop = index.watch();
    expect(source.listenerCount).toBe(1);

    await index.applyChange(source.write('Ideas/Kayak.md', '# Kayak\n\nPaddle along the estuary at slack tide.'));
    expect(await paths(index, 'estuary')).toEqual(['Ideas/Kayak.md']);

    source.write('Ideas/Kayak.md', '# Kayak\n\nPaddle around the lagoon instead.');
    await index.applyChange({ type: 'modify', note: (await source.listNotes()).find((note) => note.path === 'Ideas/Kayak.md')! });
    expect(await paths(index, 'estuary')).toEqual([]);
    expect(await paths(index, 'lagoon')).toEqual(['Ideas/Kayak.md']);

    await index.applyChange(source.rename('Ideas/Kayak.md', 'Sport/Canoe trip.md'));
    expect(await paths(index, 'lagoon')).toEqual(['Sport/Canoe trip.md']);
    expect((await index.search('canoe'))[0]).toMatchObject({ path: 'Sport/Canoe trip.md', title: 'Canoe trip' });
    expect(index.note('Ideas/Kayak.md')).toBeUndefined();

    await index.applyChange(source.remove('Sport/Canoe trip.md'));
    expect(await paths(index, 'lagoon')).toEqual([]);
    expect(index.size).toBe((await source.listNotes()).length);
    stop();
    expect(source.listenerCount).toBe(0);
  });

  it('applies changes announced through watch() without being asked', async () => {
    const source = new MemoryVaultSource({ 'a.md': 'alpha' });
    const index = await VaultIndex.build(source, { yieldToHost: immediate });
    index.watch();
    source.write('b.md', 'bravo bravo');
    await index.refresh(); // queued behind the change, so it resolves after it
    expect(await paths(index, 'bravo')).toEqual(['b.md']);
  });

  it('stays correct through many edits and the compactions they trigger', async () => {
    const source = new MemoryVaultSource({ 'keep.md': 'constant note about walruses' });
    const index = await VaultIndex.build(source, { yieldToHost: immediate });
    for (let round = 0; round < 60; round += 1) {
      await index.applyChange(source.write(`note-${round % 7}.md`, `round ${round} word${round} walrus`));
    }
    expect(await paths(index, 'word59')).toEqual(['note-3.md']);
    expect(await paths(index, 'word52')).toEqual([]);
    expect((await paths(index, 'walruses'))[0]).toBe('keep.md');
    expect(index.size).toBe(8);
  });

  it('drops a note whose read fails during an update', async () => {
    const source = new MemoryVaultSource({ 'a.md': 'pelican' });
    const index = await VaultIndex.build(source, { yieldToHost: immediate });
    await index.applyChange({ type: 'modify', note: { path: 'a.md', mtime: 1, size: 1 } });
    expect(await paths(index, 'pelican')).toEqual(['a.md']);
    source.remove('a.md', true);
    await index.applyChange({ type: 'modify', note: { path: 'a.md', mtime: 2, size: 1 } });
    expect(await paths(index, 'pelican')).toEqual([]);
  });
});

describe('VaultIndex persistence', () => {
  it('round-trips: a loaded index answers like the one that was saved', async () => {
    const source = fixtureVault();
    const index = await VaultIndex.build(source, { yieldToHost: immediate });
    const data = await index.serialize();
    const loaded = VaultIndex.load(data, source, { yieldToHost: immediate })!;
    expect(loaded).not.toBeNull();
    expect(loaded.size).toBe(index.size);
    for (const query of ['gardening', 'ラーメン', '"quantum tunnelling"', 'photosynth', 'beekeeping', 'ค้นหา']) {
      expect(await loaded.search(query)).toEqual(await index.search(query));
    }
    expect(loaded.notesWithTag('project/alpha').map((note) => note.path)).toEqual(index.notesWithTag('project/alpha').map((note) => note.path));
    expect(loaded.backlinks('Gardening.md')).toEqual(index.backlinks('Gardening.md'));
    expect(loaded.note('Gardening.md')).toMatchObject({ aliases: ['Allotment'], headings: ['Gardening', 'Irrigation', 'Soil'], tags: ['hobby', 'garden'] });
    // A copy in an unaligned buffer (as a file read can give) loads too.
    const unaligned = new Uint8Array(data.byteLength + 1).subarray(1);
    unaligned.set(data);
    expect(VaultIndex.load(unaligned, source)?.size).toBe(index.size);
  });

  it('re-reads only the notes that changed while it was not running', async () => {
    const source = fixtureVault();
    const data = await (await VaultIndex.build(source, { yieldToHost: immediate })).serialize();
    source.writeSilently('Composting.md', '# Composting\n\nWorm bins work indoors.', Date.UTC(2024, 5, 2));
    source.writeSilently('New idea.md', '# New idea\n\nA solar dehydrator.', Date.UTC(2024, 5, 2));
    source.remove('Honey notes.md', true);
    source.reads.length = 0;

    const loaded = VaultIndex.load(data, source, { yieldToHost: immediate })!;
    const stats = await loaded.refresh();
    expect(source.reads.sort()).toEqual(['Composting.md', 'New idea.md']);
    expect(stats).toMatchObject({ indexed: 2, removed: 1 });
    expect(await paths(loaded, 'worm')).toEqual(['Composting.md']);
    expect(await paths(loaded, 'dehydrator')).toEqual(['New idea.md']);
    expect(await paths(loaded, 'crystallises')).toEqual([]);

    source.reads.length = 0;
    const again = VaultIndex.load(await loaded.serialize(), source)!;
    await again.refresh();
    expect(source.reads).toEqual([]);
  });

  it('refuses data that is not an index (the caller rebuilds)', () => {
    const source = new MemoryVaultSource();
    expect(VaultIndex.load(new Uint8Array([1, 2, 3]), source)).toBeNull();
    expect(VaultIndex.load(new TextEncoder().encode('{"notes":[]}'), source)).toBeNull();
  });
});

describe('VaultIndex building in the background', () => {
  it('yields to the host between slices and reports progress', async () => {
    const notes: Record<string, string> = {};
    for (let n = 0; n < 400; n += 1) notes[`n${n}.md`] = `# Note ${n}\n\n${'word '.repeat(200)} unique${n}`;
    let yields = 0;
    const progress: number[] = [];
    const index = await VaultIndex.build(new MemoryVaultSource(notes), {
      sliceMs: 0,
      yieldToHost: () => {
        yields += 1;
        return immediate();
      },
      onProgress: (update) => progress.push(update.indexed),
    });
    expect(yields).toBeGreaterThan(100);
    expect(progress.at(-1)).toBe(400);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(await paths(index, 'unique123')).toEqual(['n123.md']);
  });

  it('stops a build when its signal aborts, with an AbortError', async () => {
    const notes: Record<string, string> = {};
    for (let n = 0; n < 200; n += 1) notes[`n${n}.md`] = `note ${n}`;
    const controller = new AbortController();
    const index = new VaultIndex(new MemoryVaultSource(notes), { sliceMs: 0, yieldToHost: immediate });
    const build = index.refresh({ signal: controller.signal, onProgress: (update) => update.indexed >= 64 && controller.abort() });
    await expect(build).rejects.toMatchObject({ name: 'AbortError' });
    expect(index.ready).toBe(false);
  });

  it('rejects a search whose signal is already aborted', async () => {
    const index = await VaultIndex.build(fixtureVault(), { yieldToHost: immediate });
    await expect(index.search('gardening', { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('VaultIndex with host metadata', () => {
  it('adds the tags and links the host parsed (e.g. Obsidian’s metadata cache) to its own', async () => {
    const source = new MemoryVaultSource({ 'a.md': 'plain text #inline', 'b.md': 'target' });
    const withMetadata = Object.assign(source, { metadata: (path: string) => (path === 'a.md' ? { tags: ['#from-host', 'inline'], links: ['b'] } : undefined) });
    const index = await VaultIndex.build(withMetadata, { yieldToHost: immediate });
    expect(index.note('a.md')!.tags).toEqual(['inline', 'from-host']);
    expect(index.notesWithTag('from-host').map((note) => note.path)).toEqual(['a.md']);
    expect(index.backlinks('b.md')).toEqual([{ path: 'a.md', count: 1 }]);
  });
});
