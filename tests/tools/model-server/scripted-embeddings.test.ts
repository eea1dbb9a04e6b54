import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeVaultSource } from '../../../src/cli/node-vault-source';
import { createEmbeddingClient, EmbeddingStore, HybridSearch, openVaultIndex, type VaultIndex } from '../../../src/search';
import { embeddingPassages } from '../../../src/search/embeddings/embedding-passages';
import { scriptedEmbedding, startModelServer, type ModelServer } from '../../../tools/model-server';
import { copyDemoVault } from '../../support/demo-vault';

// The scripted server's embeddings show search by meaning in the demo: a question that shares no
// word with the note that answers it finds that note by its concepts, over the real pipeline
// (the demo vault's heading passages, /v1/embeddings through the openai SDK, the fused search).
const dot = (left: readonly number[], right: readonly number[]) => left.reduce((sum, value, index) => sum + value * right[index], 0);

describe('scripted embeddings', () => {
  it('point a paraphrase the way of the sentence it means, and unrelated texts elsewhere', () => {
    const question = scriptedEmbedding('What do I do if I am ill?');
    expect(dot(question, scriptedEmbedding('Sick leave: tell your lead the same morning.'))).toBeGreaterThan(0.4);
    expect(dot(question, scriptedEmbedding('Home office budget: €600 once, then €150 a year.'))).toBeLessThan(0.2);
    expect(dot(scriptedEmbedding('a newborn baby'), scriptedEmbedding('Parental leave: 20 weeks fully paid'))).toBeGreaterThan(0.5);
    // Shared words still count, as before.
    expect(dot(scriptedEmbedding('refunds policy'), scriptedEmbedding('the refunds policy'))).toBeGreaterThan(0.8);
  });

  describe('over the demo vault', () => {
    let server: ModelServer;
    let vaultDir: string;
    let index: VaultIndex;
    let search: HybridSearch;

    beforeAll(async () => {
      server = await startModelServer();
      vaultDir = await mkdtemp(join(tmpdir(), 'glassbox-meaning-'));
      await copyDemoVault(vaultDir);
      const source = new NodeVaultSource(vaultDir);
      index = await openVaultIndex({ source });
      const client = createEmbeddingClient({ baseUrl: server.url, model: 'scripted' });
      const store = new EmbeddingStore('scripted', 0);
      for (const note of index.allNotes()) {
        const passages = embeddingPassages(note.title, (await source.read(note.path)) ?? '');
        store.set(note.path, note, passages.map((passage) => passage.offset), await client.embed(passages.map((passage) => passage.text)));
      }
      search = new HybridSearch({ index, store, client });
    });
    afterAll(async () => {
      await server.close();
      await rm(vaultDir, { recursive: true, force: true });
    });

    it('finds the sick-leave note for "ill", which word search cannot', async () => {
      expect(await index.search('ill')).toEqual([]);
      const { results } = await search.search('ill', { limit: 5 });
      expect(results[0]?.path).toBe('Handbook/Vacation and leave.md');
    });
  });
});
