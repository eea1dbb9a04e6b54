import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { createVaultTools, VaultIndex } from '../../../src/search';
import { LIST_PART_SIZE, type IndexPort } from '../../../src/search/worker/index-protocol';
import { serveVaultIndex } from '../../../src/search/worker/serve-vault-index';
import { WorkerIndexClient } from '../../../src/search/worker/worker-index-client';
import { fixtureVault, MemoryVaultSource } from '../support/memory-vault-source';

// The worker's two halves over a real MessageChannel (structured clone and transfers as between
// a Worker and the page), in one process: the answers must be the in-thread index's answers.

const ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

function connect(source: MemoryVaultSource): WorkerIndexClient {
  const channel = new MessageChannel();
  ports.push(channel.port1, channel.port2);
  serveVaultIndex(channel.port1 as unknown as IndexPort);
  return new WorkerIndexClient(channel.port2 as unknown as IndexPort, source);
}

function memoryStore(): { load(): Promise<Uint8Array | null>; save(data: Uint8Array): Promise<void>; saves: Uint8Array[] } {
  const saves: Uint8Array[] = [];
  return {
    saves,
    load: () => Promise.resolve(saves.length === 0 ? null : saves[saves.length - 1].slice()),
    save: (data) => {
      saves.push(data.slice());
      return Promise.resolve();
    },
  };
}

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await probe();
    if (accept(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('The worker never caught up.');
}

describe('WorkerIndexClient with serveVaultIndex', () => {
  it('answers searches, notes, links and tags as the index on this thread does', async () => {
    const client = connect(fixtureVault());
    expect(client.ready).toBe(false);
    await client.open();
    expect(client.ready).toBe(true);
    const local = await VaultIndex.build(fixtureVault());
    for (const query of ['honey harvest', 'lighthouse keeper', 'compost']) {
      expect(await client.search(query, { limit: 5 })).toEqual(await local.search(query, { limit: 5 }));
    }
    const path = local.allNotes()[0].path;
    expect(await client.note(path)).toEqual(local.note(path));
    expect(await client.resolveLink('Gardening')).toBe(local.resolveLink('Gardening'));
    expect(await client.backlinks(path)).toEqual(local.backlinks(path));
    expect(await client.tagCounts()).toEqual(local.tagCounts());
    const tag = local.tagCounts()[0].tag;
    expect(await client.notesWithTag(tag)).toEqual(local.notesWithTag(tag));
  });

  it('indexes a vault whose note list crosses the channel in several parts', async () => {
    const notes: Record<string, string> = {};
    for (let i = 0; i < 2 * LIST_PART_SIZE + 7; i += 1) notes[`n/${String(i).padStart(5, '0')}.md`] = `# Note ${i}\n\nword${i} shared`;
    notes['last.md'] = '# Last\n\nthe zebra note';
    const client = connect(new MemoryVaultSource(notes));
    await client.open();
    expect((await client.search('zebra', { limit: 3 })).map((result) => result.path)).toEqual(['last.md']);
    expect((await client.search('word4000', { limit: 3 })).map((result) => result.path)).toEqual(['n/04000.md']);
    expect(await client.note('n/00000.md')).toBeDefined();
  });

  it('gives the agent tools the same output over the worker', async () => {
    const source = fixtureVault();
    const client = connect(source);
    await client.open();
    const local = await VaultIndex.build(fixtureVault());
    const context = { signal: new AbortController().signal, now: () => 0 };
    const remoteTools = createVaultTools({ index: client, source });
    const localTools = createVaultTools({ index: local, source: fixtureVault() });
    const calls: [string, Record<string, unknown>][] = [['localSearch', { query: 'bees' }], ['readNote', { path: 'Gardening' }], ['getTagNotes', { tag: '' }], ['getLinks', { path: 'Gardening' }]];
    for (const [name, args] of calls) {
      const remote = await remoteTools.find((tool) => tool.name === name)!.execute(args, context);
      const here = await localTools.find((tool) => tool.name === name)!.execute(args, context);
      expect(remote.output).toBe(here.output);
    }
  });

  it('applies the vault changes the main thread forwards', async () => {
    const source = fixtureVault();
    const client = connect(source);
    await client.open();
    const stop = client.watch();
    source.write('Marmalade.md', '# Marmalade\nSeville oranges, boiled twice.');
    const found = await eventually(() => client.search('seville oranges'), (results) => results.length > 0);
    expect(found[0].path).toBe('Marmalade.md');
    source.remove('Marmalade.md');
    await eventually(() => client.search('seville oranges'), (results) => results.length === 0);
    stop();
  });

  it('restarts from the saved index without reading unchanged notes, and saves only after a change', async () => {
    const store = memoryStore();
    const first = connect(fixtureVault());
    await first.open(store);
    expect(store.saves).toHaveLength(1);
    const source = fixtureVault();
    const second = connect(source);
    await second.open(store);
    expect(source.reads).toEqual([]);
    expect(store.saves).toHaveLength(1);
    expect((await second.search('honey harvest')).length).toBeGreaterThan(0);
    const serialized = await second.serialize();
    expect(VaultIndex.load(serialized, fixtureVault())?.size).toBe(VaultIndex.load(store.saves[0], fixtureVault())?.size);
  });

  it('rejects an aborted search with an AbortError, and a call before open with a clear error', async () => {
    const client = connect(fixtureVault());
    await expect(client.search('bees')).rejects.toThrow('The vault index is not open.');
    await client.open();
    const controller = new AbortController();
    controller.abort();
    await expect(client.search('bees', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('leaves out a note the main thread cannot read and indexes the rest', async () => {
    const source = new MemoryVaultSource({ 'Good.md': 'Quinces poach slowly.', 'Bad.md': 'Never seen.' });
    const read = source.read.bind(source);
    source.read = (path) => (path === 'Bad.md' ? Promise.reject(new Error('locked')) : read(path));
    const client = connect(source);
    await client.open();
    expect(await client.note('Bad.md')).toBeUndefined();
    expect((await client.search('quinces'))[0]?.path).toBe('Good.md');
  });
});
