// Hybrid search latency at 20,000 generated notes (issue 13: query p95 ≤ 10 ms hybrid, ≤ 2 ms
// lexical): VaultIndex.rank beside HybridSearch.search, whose query vector comes over HTTP from
// the scripted model server (tools/model-server, 256 dimensions) through the real openai SDK.
// The notes' passage vectors are made in-process with the same scripted function (embedding
// 60,000 passages over HTTP would measure the server, not the search). Also the fusion alone,
// with the query vector already known, and the WebAssembly scan beside the JavaScript loop it replaced.
//   node --expose-gc --import tsx bench/search-hybrid.bench.ts
import { createEmbeddingClient, EmbeddingStore, HybridSearch, type EmbeddingClient, type VaultSource } from '../src/search';
import { quantize } from '../src/search/embeddings/embedding-store';
import { embeddingPassages } from '../src/search/embeddings/embedding-passages';
import { scriptedEmbedding, startModelServer } from '../tools/model-server';
import { cpuNow, percentile, timedBuild } from './search-build-timing';
import { generateVault } from './search-vault-generator';

const NOTES = 20_000;
const ROUNDS = 3;

async function main(): Promise<void> {
  const { notes, queries } = generateVault(NOTES, { queries: 300 });
  const files = new Map(notes.map((note) => [note.path, note]));
  const source: VaultSource = {
    listNotes: () => Promise.resolve(notes.map((note) => ({ path: note.path, mtime: note.mtime, size: note.text.length }))),
    read: (path) => Promise.resolve(files.get(path)!.text),
  };
  const { index } = await timedBuild(source);
  const store = new EmbeddingStore('scripted', 0);
  let passages = 0;
  for (const note of index.allNotes()) {
    const cut = embeddingPassages(note.title, files.get(note.path)!.text);
    passages += cut.length;
    store.set(note.path, note, cut.map((passage) => passage.offset), cut.map((passage) => Float32Array.from(scriptedEmbedding(passage.text))));
  }
  const server = await startModelServer();
  try {
    const http = createEmbeddingClient({ baseUrl: server.url, model: 'scripted' });
    // The fusion alone: the query's vector is computed in-process, as a local model would be instantly.
    const known: EmbeddingClient = { model: 'scripted', embed: (texts) => Promise.resolve(texts.map((text) => Float32Array.from(scriptedEmbedding(text)))) };
    const lexical: number[] = [];
    const fusedCpu: number[] = [];
    const fusedWall: number[] = [];
    const overHttp: number[] = [];
    const nearest: number[] = [];
    const exhaustive: number[] = [];
    let identical = 0;
    let compared = 0;
    const hybridLocal = new HybridSearch({ index, store, client: known });
    const hybridHttp = new HybridSearch({ index, store, client: http });
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const { query } of queries) {
        let started = cpuNow();
        index.rank(query, { limit: 10 });
        lexical.push(cpuNow() - started);
        const vector = Float32Array.from(scriptedEmbedding(query));
        started = cpuNow();
        const fast = store.nearest(vector, 30);
        nearest.push(cpuNow() - started);
        started = cpuNow();
        const exact = store.nearestInJavaScript(quantize(vector), 30);
        exhaustive.push(cpuNow() - started);
        if (round === 0) {
          if (JSON.stringify(fast) === JSON.stringify(exact)) identical += 1;
          compared += 1;
        }
        started = cpuNow();
        const wall = performance.now();
        await hybridLocal.search(query, { limit: 10 });
        fusedCpu.push(cpuNow() - started);
        fusedWall.push(performance.now() - wall);
        const httpStarted = performance.now();
        await hybridHttp.search(query, { limit: 10 });
        overHttp.push(performance.now() - httpStarted);
      }
    }
    const ms = (values: number[]): string => `${percentile(values, 0.5).toFixed(2)} / ${percentile(values, 0.95).toFixed(2)}`;
    const lines = [
      `### Hybrid search, generated vault (${NOTES} notes, ${passages} passage vectors of 256 dimensions, int8; ${queries.length} queries × ${ROUNDS})`,
      '',
      '| measure | p50 / p95 (ms) | budget |',
      '| --- | --- | --- |',
      `| lexical ranking (VaultIndex.rank), CPU | ${ms(lexical)} | p95 ≤ 2 |`,
      `| nearest passages, every passage in a JavaScript int8 loop (before), CPU | ${ms(exhaustive)} |  |`,
      `| nearest passages, every passage in WebAssembly SIMD, CPU | ${ms(nearest)} |  |`,
      `| queries whose 30 nearest notes (paths, scores, offsets) are identical both ways | ${identical} of ${compared} |  |`,
      `| hybrid search, query vector known (rank + nearest passages + fusion + excerpts), CPU | ${ms(fusedCpu)} | p95 ≤ 10 |`,
      `| the same, wall | ${ms(fusedWall)} |  |`,
      `| hybrid search with the query embedded over HTTP by the loopback scripted server, wall | ${ms(overHttp)} |  |`,
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await server.close();
  }
}

void main();
