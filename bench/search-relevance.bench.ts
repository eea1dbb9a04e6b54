// Relevance of natural questions (issue 13): hit@5 and MRR over bench/search-relevance-set.ts
// on ../shared/corpora/obsidian-help for Glassbox's index as it is, Glassbox's index as it was
// before issue 13 (BASELINE_COMMIT, checked out from git into a temporary folder and run in the
// same process), and MiniSearch with fuzzy and prefix matching.
//   node --import tsx bench/search-relevance.bench.ts
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import MiniSearch from 'minisearch';
import { createEmbeddingClient, EmbeddingIndexer, EmbeddingStore, HybridSearch, VaultIndex, type VaultSource } from '../src/search';
import { startModelServer } from '../tools/model-server';
import { RELEVANCE_SET, type QuestionKind } from './search-relevance-set';

// GLASSBOX_SHARED points elsewhere when the checkout is not beside ../shared (a git worktree).
const CORPUS = join(process.env.GLASSBOX_SHARED ?? join(__dirname, '..', '..', 'shared'), 'corpora', 'obsidian-help');
/** The last commit of src/search before issue 13: the "current index" the issue compares with. */
const BASELINE_COMMIT = 'b884302';
const CUTOFF = 10;

interface CorpusNote {
  readonly path: string;
  readonly text: string;
}

/** A search engine under test: ranked paths for a question, best first. */
type Engine = (question: string) => string[] | Promise<string[]>;

interface Score {
  hitAt5: number;
  mrr: number;
  byKind: Record<QuestionKind, number>;
  p50: number;
  p95: number;
  misses: string[];
}

function readCorpus(): CorpusNote[] {
  const notes: CorpusNote[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const absolute = join(dir, entry.name);
      if (entry.isDirectory()) walk(absolute);
      else if (entry.name.endsWith('.md')) notes.push({ path: relative(CORPUS, absolute).split(sep).join('/'), text: readFileSync(absolute, 'utf8') });
    }
  };
  walk(CORPUS);
  return notes;
}

/** `language:permalink` → the note's path. */
function permalinks(notes: readonly CorpusNote[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const note of notes) {
    const permalink = /^permalink:\s*(.+)$/m.exec(note.text.slice(0, 600))?.[1]?.trim();
    if (permalink) map.set(`${note.path.slice(0, note.path.indexOf('/'))}:${permalink}`, note.path);
  }
  return map;
}

function sourceOf(notes: readonly CorpusNote[]): VaultSource {
  const files = new Map(notes.map((note) => [note.path, note.text]));
  return {
    listNotes: () => Promise.resolve(notes.map((note, index) => ({ path: note.path, mtime: 1_700_000_000_000 + index, size: note.text.length }))),
    read: (path) => Promise.resolve(files.get(path)!),
  };
}

const percentile = (values: number[], share: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))];

async function score(engine: Engine, answersOf: (index: number) => Set<string>): Promise<Score> {
  let hits = 0;
  let reciprocal = 0;
  const kindHits: Record<QuestionKind, number> = { plain: 0, form: 0, typo: 0 };
  const kindTotals: Record<QuestionKind, number> = { plain: 0, form: 0, typo: 0 };
  const times: number[] = [];
  const misses: string[] = [];
  // One untimed pass first: the first question in a language loads its stemmer and the code is
  // not compiled yet; times are for the index in use, as in a session that has searched before.
  for (const item of RELEVANCE_SET) await engine(item.question);
  for (const [index, item] of RELEVANCE_SET.entries()) {
    const started = performance.now();
    const ranked = (await engine(item.question)).slice(0, CUTOFF);
    times.push(performance.now() - started);
    const answers = answersOf(index);
    const rank = ranked.findIndex((path) => answers.has(path));
    kindTotals[item.kind] += 1;
    if (rank >= 0) reciprocal += 1 / (rank + 1);
    if (rank >= 0 && rank < 5) {
      hits += 1;
      kindHits[item.kind] += 1;
    } else misses.push(`${item.language}: ${item.question}`);
  }
  const byKind = Object.fromEntries((Object.keys(kindTotals) as QuestionKind[]).map((kind) => [kind, kindHits[kind] / Math.max(1, kindTotals[kind])])) as Record<QuestionKind, number>;
  return { hitAt5: hits / RELEVANCE_SET.length, mrr: reciprocal / RELEVANCE_SET.length, byKind, p50: percentile(times, 0.5), p95: percentile(times, 0.95), misses };
}

/** Glassbox's index at {@link BASELINE_COMMIT}, from a temporary checkout of its src/search. */
async function baselineIndex(source: VaultSource): Promise<{ search: Engine; cleanup: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'glassbox-baseline-'));
  const archive = execFileSync('git', ['archive', BASELINE_COMMIT, 'src/search'], { cwd: join(__dirname, '..'), maxBuffer: 1 << 26 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  // eslint-disable-next-line no-unsanitized/method -- a folder this script has just made
  const module = (await import(join(dir, 'src', 'search', 'vault-index.ts'))) as { VaultIndex: typeof VaultIndex };
  const index = await module.VaultIndex.build(source);
  return { search: (question) => index.rank(question, { limit: CUTOFF }).map((hit) => hit.note.path), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

async function main(): Promise<void> {
  if (!existsSync(CORPUS)) {
    process.stdout.write(`(skipped: ${CORPUS} is absent)\n`);
    return;
  }
  const notes = readCorpus();
  const links = permalinks(notes);
  const answerSets = RELEVANCE_SET.map((item) => {
    const paths = item.answers.map((permalink) => links.get(`${item.language}:${permalink}`));
    const missing = item.answers.filter((_permalink, index) => paths[index] === undefined);
    if (missing.length === item.answers.length) throw new Error(`No note answers "${item.question}" in ${item.language} (${missing.join(', ')})`);
    return new Set(paths.filter((path): path is string => path !== undefined));
  });
  const answersOf = (index: number): Set<string> => answerSets[index];
  const source = sourceOf(notes);
  const rows: [string, Score][] = [];

  const glassbox = await VaultIndex.build(source);
  rows.push(['Glassbox lexical', await score((question) => glassbox.rank(question, { limit: CUTOFF }).map((hit) => hit.note.path), answersOf)]);

  // The hybrid pipeline with the scripted model server's embeddings (hashed bags of words): it
  // shows the fusion works end to end over HTTP, not how good real embeddings would be.
  const server = await startModelServer();
  try {
    const client = createEmbeddingClient({ baseUrl: server.url, model: 'scripted' });
    const store = new EmbeddingStore('scripted', 0);
    await new EmbeddingIndexer({ index: glassbox, client, store }).run();
    const hybrid = new HybridSearch({ index: glassbox, store, client });
    rows.push(['Glassbox hybrid (scripted embeddings, RRF k = 60)', await score(async (question) => (await hybrid.search(question, { limit: CUTOFF })).results.map((result) => result.path), answersOf)]);
  } finally {
    await server.close();
  }

  const baseline = await baselineIndex(source);
  rows.push([`Glassbox index before issue 13 (${BASELINE_COMMIT})`, await score(baseline.search, answersOf)]);
  baseline.cleanup();

  const mini = new MiniSearch({ fields: ['title', 'text'], storeFields: ['path'], searchOptions: { fuzzy: 0.2, prefix: true, boost: { title: 2 } } });
  mini.addAll(notes.map((note, id) => ({ id, path: note.path, title: note.path.slice(note.path.lastIndexOf('/') + 1, -3), text: note.text })));
  rows.push(['MiniSearch 7, fuzzy 0.2 + prefix', await score((question) => mini.search(question).slice(0, CUTOFF).map((result) => (result as unknown as { path: string }).path), answersOf)]);

  const kinds = RELEVANCE_SET.reduce<Record<string, number>>((counts, item) => ({ ...counts, [item.kind]: (counts[item.kind] ?? 0) + 1 }), {});
  const languages = new Set(RELEVANCE_SET.map((item) => item.language));
  const pct = (value: number): string => `${(value * 100).toFixed(1)} %`;
  const lines = [
    `### Relevance: ${RELEVANCE_SET.length} natural questions in ${languages.size} languages (${kinds.form ?? 0} other word forms, ${kinds.typo ?? 0} typos) over obsidian-help (${notes.length} notes)`,
    '',
    '| engine | hit@5 | MRR (top 10) | hit@5 plain / form / typo | query p50 / p95 (ms, wall, after a warm-up pass) |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(([name, result]) => `| ${name} | ${pct(result.hitAt5)} | ${result.mrr.toFixed(3)} | ${pct(result.byKind.plain)} / ${pct(result.byKind.form)} / ${pct(result.byKind.typo)} | ${result.p50.toFixed(2)} / ${result.p95.toFixed(2)} |`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (process.argv.includes('--misses')) for (const [name, result] of rows) process.stdout.write(`${name} misses:\n${result.misses.map((miss) => `  ${miss}`).join('\n')}\n`);
}

void main();
