// Search benchmark (issue 5, DESIGN.md 10): Glassbox's VaultIndex beside MiniSearch with its
// default options, over ../shared/corpora/obsidian-help and a generated 20,000-note vault.
// Each (vault, engine) pair runs in its own child process so heap figures do not mix, and once
// more with V8 single-threaded for the query times (see `measure`).
//   node --expose-gc --import tsx bench/search.bench.ts            (all, prints Markdown)
//   node --expose-gc --import tsx bench/search.bench.ts --only generated
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import MiniSearch from 'minisearch';
import { VaultIndex, type VaultSource } from '../src/search';
import { cpuNow, gc, heapMB, percentile, timedBuild } from './search-build-timing';
import { generateVault, random, type EvalQuery, type GeneratedNote } from './search-vault-generator';

// GLASSBOX_SHARED names ../shared when the checkout is not beside it (a git worktree).
const CORPUS = join(process.env.GLASSBOX_SHARED ?? join(__dirname, '..', '..', 'shared'), 'corpora', 'obsidian-help');
const GENERATED_NOTES = 20_000;
type VaultName = 'corpus' | 'generated';
type EngineName = 'glassbox' | 'minisearch';

interface Measurement {
  notes: number;
  textMB: number;
  buildMs: number;
  buildWallMs: number;
  longestBlockMs: number;
  longestBlockWallMs: number;
  peakHeapMB: number;
  retainedHeapMB: number;
  reloadMs: number;
  indexMB: number;
  queryP50: number;
  queryP95: number;
  /** Query p95 in process CPU time with V8's default helper threads (see `measure`). */
  queryP95Process?: number;
  searchP50?: number;
  searchP95?: number;
  updateMs: number;
  hitAt10: number;
  mrr: number;
  queries: number;
}

function loadVault(name: VaultName): { notes: GeneratedNote[]; queries: EvalQuery[] } {
  if (name === 'generated') return generateVault(GENERATED_NOTES, { queries: 300 });
  const notes: GeneratedNote[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const absolute = join(dir, entry.name);
      if (entry.isDirectory()) walk(absolute);
      else if (entry.name.endsWith('.md')) notes.push({ path: relative(CORPUS, absolute).split(sep).join('/'), text: readFileSync(absolute, 'utf8'), mtime: 1_700_000_000_000 + notes.length * 1000 });
    }
  };
  walk(CORPUS);
  return { notes, queries: corpusQueries(notes) };
}

const UNSPACED = /[\u0e00-\u0eff\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/**
 * Queries whose right answer is known: for 300 sampled notes (every language), four longer words
 * of one body sentence, or for unspaced scripts six characters of it; for 100 notes whose file
 * name is unique in the corpus, the file name.
 */
function corpusQueries(notes: readonly GeneratedNote[]): EvalQuery[] {
  const next = random(7);
  const queries: EvalQuery[] = [];
  const names = new Map<string, number>();
  for (const note of notes) {
    const name = note.path.slice(note.path.lastIndexOf('/') + 1);
    names.set(name, (names.get(name) ?? 0) + 1);
  }
  let guard = 0;
  while (queries.length < 300 && guard++ < 20_000) {
    const note = notes[Math.floor(next() * notes.length)];
    const lines = note.text.split('\n').filter((line) => line.length > 60 && !/^\s*(#|```|\||!|>|-{3}|<)/.test(line) && !line.includes('http'));
    if (lines.length === 0) continue;
    const line = lines[Math.floor(next() * lines.length)].replace(/\[\[[^\]]*\]\]|\*\*|[*_`]/g, ' ');
    if (UNSPACED.test(line)) {
      const runs = line.match(/[\p{L}\p{M}]{8,}/gu) ?? [];
      const run = runs.find((candidate) => UNSPACED.test(candidate));
      if (!run) continue;
      const at = Math.floor(next() * (run.length - 6));
      queries.push({ query: run.slice(at, at + 6), expected: note.path });
    } else {
      const words = line.split(/[^\p{L}\p{N}\p{M}]+/u).filter((word) => word.length >= 5);
      if (words.length < 5) continue;
      const at = Math.floor(next() * (words.length - 4));
      queries.push({ query: words.slice(at, at + 4).join(' '), expected: note.path });
    }
  }
  const unique = notes.filter((note) => names.get(note.path.slice(note.path.lastIndexOf('/') + 1)) === 1);
  for (let index = 0; index < 100 && unique.length > 0; index += 1) {
    const note = unique[Math.floor(next() * unique.length)];
    queries.push({ query: note.path.slice(note.path.lastIndexOf('/') + 1, -3), expected: note.path });
  }
  return queries;
}

// `gc` from a fresh context: the same function as the global one --expose-gc installs.
const median = (values: number[]): number => percentile(values, 0.5);

/** Watches the event loop: the longest gap between two turns is the longest main-thread block. */
function heartbeat(): { stop: () => { longestMs: number; peakMB: number }; sample: () => void } {
  let last = performance.now();
  let longest = 0;
  let peak = heapMB();
  let running = true;
  const beat = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    peak = Math.max(peak, heapMB());
    if (running) setImmediate(beat);
  };
  setImmediate(beat);
  return {
    sample: () => (peak = Math.max(peak, heapMB())),
    stop: () => {
      running = false;
      beat();
      return { longestMs: longest, peakMB: peak };
    },
  };
}

/** hit@10 and MRR of ranked path lists (one per query, in query order). */
function score(queries: readonly EvalQuery[], ranked: readonly string[][]): { hitAt10: number; mrr: number } {
  let hits = 0;
  let reciprocal = 0;
  queries.forEach(({ expected }, position) => {
    const rank = ranked[position].indexOf(expected);
    if (rank >= 0) {
      hits += 1;
      reciprocal += 1 / (rank + 1);
    }
  });
  return { hitAt10: hits / queries.length, mrr: reciprocal / queries.length };
}

/** Runs every query `rounds` times; returns the CPU time of each run and the first round's results. */
function latency(queries: readonly EvalQuery[], run: (query: string) => string[], rounds: number): { times: number[]; ranked: string[][] } {
  const times: number[] = [];
  const ranked: string[][] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const { query } of queries) {
      const started = cpuNow();
      const result = run(query);
      times.push(cpuNow() - started);
      if (round === 0) ranked.push(result);
    }
  }
  return { times, ranked };
}

async function measureGlassbox(notes: GeneratedNote[], queries: EvalQuery[], base: Omit<Measurement, 'buildMs'> & { textMB: number }): Promise<Measurement> {
  const files = new Map(notes.map((note) => [note.path, note]));
  const source: VaultSource = {
    listNotes: () => Promise.resolve(notes.map((note) => ({ path: note.path, mtime: note.mtime, size: note.text.length }))),
    read: (path) => Promise.resolve(files.get(path)!.text),
  };
  gc();
  const heapBefore = heapMB();
  const beat = heartbeat();
  const { index, buildCpuMs: buildMs, buildWallMs, longestSliceMs: longestSlice } = await timedBuild(source);
  const { longestMs, peakMB } = beat.stop();
  gc();
  const retained = heapMB() - heapBefore;
  const run = (query: string): string[] => index.rank(query, { limit: 10 }).map((hit) => hit.note.path);
  latency(queries.slice(0, 50), run, 1); // warm-up
  const { times, ranked } = latency(queries, run, 3);
  const searchTimes: number[] = [];
  for (const { query } of queries) {
    const begun = cpuNow();
    await index.search(query, { limit: 10 });
    searchTimes.push(cpuNow() - begun);
  }
  const quality = score(queries, ranked);
  const data = await index.serialize();
  const reloads: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const begun = cpuNow();
    const loaded = VaultIndex.load(data.slice(), source);
    await loaded!.refresh();
    reloads.push(cpuNow() - begun);
  }
  const updates: number[] = [];
  for (let round = 0; round < 50; round += 1) {
    const note = notes[(round * 397) % notes.length];
    files.set(note.path, { ...note, text: `${note.text}\nEdited ${round} marmalade.` });
    const begun = cpuNow();
    await index.applyChange({ type: 'modify', note: { path: note.path, mtime: note.mtime + round + 1, size: note.text.length + 20 } });
    updates.push(cpuNow() - begun);
  }
  return {
    ...base,
    buildMs,
    buildWallMs,
    longestBlockMs: longestSlice,
    longestBlockWallMs: longestMs,
    peakHeapMB: peakMB - heapBefore,
    retainedHeapMB: retained,
    reloadMs: median(reloads),
    indexMB: data.byteLength / 1048576,
    queryP50: percentile(times, 0.5),
    queryP95: percentile(times, 0.95),
    searchP50: percentile(searchTimes, 0.5),
    searchP95: percentile(searchTimes, 0.95),
    updateMs: median(updates),
    ...quality,
  };
}

function measureMiniSearch(notes: GeneratedNote[], queries: EvalQuery[], base: Omit<Measurement, 'buildMs'> & { textMB: number }): Measurement {
  const options = { fields: ['title', 'text'], storeFields: ['path'] };
  const documents = notes.map((note, id) => ({ id, path: note.path, title: note.path.slice(note.path.lastIndexOf('/') + 1, -3), text: note.text }));
  gc();
  const heapBefore = heapMB();
  let peak = heapBefore;
  const wallStarted = performance.now();
  const started = cpuNow();
  const search = new MiniSearch(options);
  // addAll is this same loop; adding one by one lets us sample the heap during the build.
  documents.forEach((document, position) => {
    search.add(document);
    if (position % 200 === 0) peak = Math.max(peak, heapMB());
  });
  const buildMs = cpuNow() - started;
  const buildWallMs = performance.now() - wallStarted;
  peak = Math.max(peak, heapMB());
  gc();
  const retained = heapMB() - heapBefore;
  const run = (query: string): string[] => search.search(query).slice(0, 10).map((result) => (result as unknown as { path: string }).path);
  latency(queries.slice(0, 10), run, 1);
  // One round: with default options a stopword-heavy query takes MiniSearch long enough that
  // three rounds would dominate the whole benchmark.
  const { times, ranked } = latency(queries, run, 1);
  const quality = score(queries, ranked);
  const json = JSON.stringify(search);
  const reloads: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const begun = cpuNow();
    MiniSearch.loadJSON(json, options);
    reloads.push(cpuNow() - begun);
  }
  const updates: number[] = [];
  for (let round = 0; round < 50; round += 1) {
    const document = documents[(round * 397) % documents.length];
    const begun = cpuNow();
    search.replace({ ...document, text: `${document.text}\nEdited ${round} marmalade.` });
    updates.push(cpuNow() - begun);
  }
  return {
    ...base,
    buildMs,
    buildWallMs,
    longestBlockMs: buildMs,
    longestBlockWallMs: buildWallMs,
    peakHeapMB: peak - heapBefore,
    retainedHeapMB: retained,
    reloadMs: median(reloads),
    indexMB: Buffer.byteLength(json) / 1048576,
    queryP50: percentile(times, 0.5),
    queryP95: percentile(times, 0.95),
    updateMs: median(updates),
    ...quality,
  };
}

async function child(vault: VaultName, engine: EngineName): Promise<void> {
  const { notes, queries } = loadVault(vault);
  const textMB = notes.reduce((sum, note) => sum + Buffer.byteLength(note.text), 0) / 1048576;
  const base = { notes: notes.length, textMB, queries: queries.length } as Omit<Measurement, 'buildMs'> & { textMB: number };
  const result = engine === 'glassbox' ? await measureGlassbox(notes, queries, base) : measureMiniSearch(notes, queries, base);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

const fixed = (value: number | undefined, digits = 1): string => (value === undefined ? '—' : value.toFixed(digits));

function table(vault: VaultName, results: Record<EngineName, Measurement>): string {
  const ours = results.glassbox;
  const theirs = results.minisearch;
  const row = (label: string, pick: (m: Measurement) => string, budget = ''): string => `| ${label} | ${pick(ours)} | ${pick(theirs)} | ${budget} |`;
  return [
    `### ${vault === 'corpus' ? `obsidian-help corpus (${ours.notes} notes, ${fixed(ours.textMB)} MB)` : `generated vault (${ours.notes} notes, ${fixed(ours.textMB)} MB)`}`,
    '',
    '| measure (CPU ms unless said) | Glassbox VaultIndex | MiniSearch (defaults) | budget (20k notes) |',
    '| --- | --- | --- | --- |',
    row('build, CPU (wall) ms', (m) => `${fixed(m.buildMs, 0)} (${fixed(m.buildWallMs, 0)})`, '≤ 4000'),
    row('longest main-thread block during build, CPU (wall) ms', (m) => `${fixed(m.longestBlockMs)} (${fixed(m.longestBlockWallMs)})`, '≤ 50'),
    row('peak heap during build (MB)', (m) => `${fixed(m.peakHeapMB)} (${fixed(m.peakHeapMB / m.textMB, 2)}× text)`, '≤ 4× text'),
    row('heap retained by the index (MB)', (m) => fixed(m.retainedHeapMB)),
    row('restart: load saved index (ms)', (m) => fixed(m.reloadMs, 0), '≤ 500'),
    row('saved index size (MB)', (m) => fixed(m.indexMB)),
    row('query p50 / p95, ranking only (ms, V8 single-threaded)', (m) => `${fixed(m.queryP50, 2)} / ${fixed(m.queryP95, 2)}`, 'p95 ≤ 2'),
    row('query p95, ranking only (ms, V8 helper threads counted too)', (m) => fixed(m.queryP95Process, 2)),
    row('query p50 / p95 with passages (ms, V8 single-threaded)', (m) => (m.searchP50 === undefined ? '—' : `${fixed(m.searchP50, 2)} / ${fixed(m.searchP95, 2)}`)),
    row('one-note update (ms, median)', (m) => fixed(m.updateMs, 2), '≤ 1'),
    row(`hit@10 (${ours.queries} queries)`, (m) => fixed(m.hitAt10 * 100, 1) + ' %', '≥ MiniSearch'),
    row('MRR', (m) => fixed(m.mrr, 3)),
    '',
  ].join('\n');
}

/** One child process's measurements of an engine over a vault. */
function spawnChild(vault: VaultName, engine: EngineName, flags: readonly string[]): Measurement {
  const spawned = spawnSync(process.execPath, [...flags, '--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', __filename, '--child', vault, engine], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (spawned.status !== 0) {
    process.stderr.write(spawned.stderr);
    throw new Error(`${engine} on ${vault} failed`);
  }
  return JSON.parse(spawned.stdout.trim().split('\n').pop()!) as Measurement;
}

/**
 * Everything from a child with V8's default threads, except query times: those come from a
 * second child run `--single-threaded` (as the streaming bench does), where process CPU time is
 * the query's own thread with every GC pause on the query that caused it. With helper threads,
 * process CPU time also counts their parallel scavenges and the concurrent marking of the heap a
 * build leaves, which run beside a query, not in its way (both are in the table).
 */
function measure(vault: VaultName, engine: EngineName): Measurement {
  const measured = spawnChild(vault, engine, []);
  const queries = spawnChild(vault, engine, ['--single-threaded']);
  return { ...measured, queryP50: queries.queryP50, queryP95: queries.queryP95, queryP95Process: measured.queryP95, searchP50: queries.searchP50, searchP95: queries.searchP95 };
}

function main(): void {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    void child(args[1] as VaultName, args[2] as EngineName);
    return;
  }
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const vaults: VaultName[] = (['corpus', 'generated'] as const).filter((vault) => only === undefined || only === vault);
  const out: string[] = [];
  for (const vault of vaults) {
    if (vault === 'corpus' && !existsSync(CORPUS)) {
      out.push(`(skipped the obsidian-help corpus: ${CORPUS} is absent)\n`);
      continue;
    }
    const results = {} as Record<EngineName, Measurement>;
    for (const engine of ['glassbox', 'minisearch'] as const) results[engine] = measure(vault, engine);
    out.push(table(vault, results));
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

main();
