import { createEmbeddingClient, EmbeddingIndexer, EmbeddingStore, HybridSearch, VaultIndex, describePlan, fuseRankings } from '../../../src/search';
import { createLocalSearchTool, type LocalSearchData } from '../../../src/search/tools/local-search-tool';
import { MISSING_EMBEDDING_MODEL, startModelServer, type ModelServer } from '../../../tools/model-server';
import { MemoryVaultSource, immediate } from '../support/memory-vault-source';

// The hybrid pipeline against the scripted model server's deterministic /v1/embeddings: it
// checks the plumbing (batches, persistence, updates, fusion, degrading), not embedding quality.
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});

const NOTES = {
  'Garden/Watering.md': '# Watering\n\nDrip irrigation on a timer keeps the tomatoes alive in July.\n\n## Rain barrels\n\nTwo barrels collect roof water.\n',
  'Garden/Soil.md': '# Soil\n\nCompost and mulch make the soil hold water.\n',
  'Kitchen/Bread.md': '# Bread\n\nA sourdough starter needs flour and water every day.\n',
  'Work/Budget.md': '# Budget\n\nThe yearly budget is reviewed in March.\n',
};

async function setUp(model = 'scripted-embeddings'): Promise<{ source: MemoryVaultSource; index: VaultIndex; store: EmbeddingStore; indexer: EmbeddingIndexer; hybrid: HybridSearch }> {
  const source = new MemoryVaultSource(NOTES);
  const index = await VaultIndex.build(source, { yieldToHost: immediate });
  const client = createEmbeddingClient({ baseUrl: server.url, model });
  const store = new EmbeddingStore(model, 0);
  const indexer = new EmbeddingIndexer({ index, client, store, batchSize: 2 });
  return { source, index, store, indexer, hybrid: new HybridSearch({ index, store, client }) };
}

const embeddingRequests = (): number => server.requests.filter((request) => request.path === '/v1/embeddings').length;

describe('fuseRankings', () => {
  it('adds 1 / (60 + rank) from each list, so agreement beats one strong vote', () => {
    const fused = fuseRankings([['a', 'b', 'c'], ['b', 'c', 'd']]);
    expect(fused.map((entry) => entry.key)).toEqual(['b', 'c', 'a', 'd']);
    expect(fused[0].score).toBeCloseTo(1 / 62 + 1 / 61, 10);
  });
});

describe('hybrid search with embeddings from the endpoint', () => {
  it('estimates the work first, then embeds heading passages in batches with progress', async () => {
    const { indexer, store } = await setUp();
    const plan = await indexer.plan();
    expect(plan).toMatchObject({ notes: 4, passages: 5 });
    expect(plan.tokens).toBeGreaterThan(20);
    expect(plan.costUsd).toBeUndefined();
    expect(describePlan(plan)).toMatch(/^4 notes \(5 passages, about \d+ tokens, no known price: free on a local server\)$/);
    const before = embeddingRequests();
    const progress: number[] = [];
    await indexer.run({ onProgress: (step) => progress.push(step.done) });
    expect(progress).toEqual([2, 4, 5]);
    expect(embeddingRequests() - before).toBe(3);
    expect(store.size).toBe(4);
    expect((await indexer.plan()).notes).toBe(0);
  });

  it('prices models whose price is public', async () => {
    const { indexer } = await setUp('text-embedding-3-small');
    expect((await indexer.plan()).costUsd).toBeGreaterThan(0);
  });

  it('fuses word matches and nearest passages, and respects folder filters', async () => {
    const { indexer, hybrid } = await setUp();
    await indexer.run();
    const { results, failure } = await hybrid.search('water for the garden');
    expect(failure).toBeUndefined();
    expect(results.slice(0, 2).map((result) => result.path).sort()).toEqual(['Garden/Soil.md', 'Garden/Watering.md']);
    expect(results.every((result, position) => position === 0 || result.score <= results[position - 1].score)).toBe(true);
    const kitchen = await hybrid.search('water', { folders: ['Kitchen'] });
    expect(kitchen.results.map((result) => result.path)).toEqual(['Kitchen/Bread.md']);
  });

  it('re-embeds only the note that changed, and keeps vectors across a save and load', async () => {
    const { source, index, indexer, store } = await setUp();
    await indexer.run();
    await index.applyChange(source.write('Work/Budget.md', '# Budget\n\nThe budget is reviewed in April now.\n', Date.UTC(2025, 0, 1)));
    expect((await indexer.plan()).notes).toBe(1);
    const before = embeddingRequests();
    await indexer.update('Work/Budget.md');
    expect(embeddingRequests() - before).toBe(1);
    expect((await indexer.plan()).notes).toBe(0);
    const loaded = EmbeddingStore.decode(store.encode())!;
    expect(loaded.size).toBe(4);
    expect(loaded.isCurrent('Work/Budget.md', index.note('Work/Budget.md')!)).toBe(true);
  });

  it('falls back to word search with a notice when the endpoint has no such model or is down', async () => {
    const { indexer, index, store } = await setUp();
    await indexer.run();
    for (const client of [createEmbeddingClient({ baseUrl: server.url, model: MISSING_EMBEDDING_MODEL }), createEmbeddingClient({ baseUrl: 'http://127.0.0.1:9/v1', model: 'x' })]) {
      const hybrid = new HybridSearch({ index, store, client });
      const { results, failure } = await hybrid.search('budget');
      expect(results.map((result) => result.path)).toEqual(['Work/Budget.md']);
      const tool = createLocalSearchTool(index, () => hybrid);
      const output = await tool.execute({ query: 'budget' }, { signal: new AbortController().signal, now: () => 0 });
      const notice = (output.data as LocalSearchData).notice;
      expect(notice).toBe(`${failure} These results match words only.`);
      expect(notice).toMatch(/^The embeddings endpoint at http:\/\/127\.0\.0\.1:\d+\/v1 (has no embeddings model by that name or no \/embeddings route|could not be reached) \(model "[^"]+"\)\. These results match words only\.$/);
      expect(output.output.startsWith(notice!)).toBe(true);
      expect((output.data as LocalSearchData).results).toHaveLength(1);
    }
  });
});
