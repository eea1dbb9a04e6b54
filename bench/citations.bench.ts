// `npm run bench` (or `node bench/run-all.mjs citations`): the citation check of DESIGN.md 13.3
// against its budget — a 5,000-token answer (about 20,000 characters: paragraphs, list items and
// `>` quotes, each citing notes and quoting them, found and not) checked against 20 read notes of
// about 4,000 characters each in at most 5 ms. The notes' text is in memory, as the runner has it
// after reading them; the time is the check itself (`checkCitations`: reading the answer, resolving,
// finding each quotation in its note). Prints a Markdown table.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { estimateTokens } from '../src/agent';
import { checkCitations, type CitationSources } from '../src/citations';
import { seededRandom } from './seeded-random';
import { median } from './median';

const RUNS = 200;
const WARMUP = 10;
const BUDGET_MS = 5;
const NOTES = 20;
const ANSWER_TOKENS = 5_000;

const random = seededRandom(39);
const WORDS = 'refund policy customer invoice pricing studio plan month finance approval return days team project kickoff meeting budget travel train booking deadline review design release notes handbook people recipe'.split(' ');
const word = (): string => WORDS[Math.floor(random() * WORDS.length)];
const sentence = (words: number): string => Array.from({ length: words }, word).join(' ');

// Notes: headings and paragraphs with **emphasis** and line breaks inside sentences, as real notes have.
const notes = new Map<string, string>();
for (let index = 0; index < NOTES; index++) {
  const lines = [`# Note ${index}`, ''];
  while (lines.join('\n').length < 4_000) lines.push(`${sentence(8)} **${word()}** ${sentence(6)}`, `${sentence(10)}.`, '');
  notes.set(`Folder ${index % 4}/Note ${index}.md`, lines.join('\n'));
}
const paths = [...notes.keys()];

/** A quotation taken from a note (found), or made up (not found). */
function quoteFrom(path: string): string {
  if (random() < 0.3) return `${sentence(6)} invented`;
  const words = (notes.get(path) ?? '').replace(/[#*]/g, '').split(/\s+/).filter(Boolean);
  const start = Math.floor(random() * (words.length - 8));
  return words.slice(start, start + 6).join(' ');
}

const paragraphs: string[] = [];
let citationCount = 0;
let quoteCount = 0;
while (estimateTokens(paragraphs.join('\n\n')) < ANSWER_TOKENS) {
  const path = paths[Math.floor(random() * paths.length)];
  const other = paths[Math.floor(random() * paths.length)];
  const link = `[[${path.replace(/\.md$/, '').replace(/^.*\//, '')}]]`;
  const shape = random();
  citationCount += 2;
  quoteCount += 1;
  if (shape < 0.5) paragraphs.push(`${sentence(25)} “${quoteFrom(path)}” (${link}). ${sentence(20)} [[${other.replace(/\.md$/, '')}|see also]].`);
  else if (shape < 0.8) paragraphs.push(`- ${sentence(15)} "${quoteFrom(path)}" ${link}\n- ${sentence(12)} [[Missing ${Math.floor(random() * 5)}]]`);
  else paragraphs.push(`As ${link} puts it:\n\n> ${quoteFrom(path)}\n\n${sentence(20)} [${word()}](${encodeURI(other)})`);
}
const answer = paragraphs.join('\n\n');

const byName = new Map(paths.map((path) => [path.replace(/\.md$/, '').replace(/^.*\//, '').toLowerCase(), path]));
const sources: CitationSources = {
  resolve: (target) => byName.get(target.replace(/^.*\//, '').toLowerCase()),
  wasRead: () => true,
  textOf: (path) => notes.get(path),
};


const times: number[] = [];
const cpuTimes: number[] = [];
let verdicts = checkCitations(answer, sources);
for (let run = 0; run < WARMUP + RUNS; run++) {
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  verdicts = checkCitations(answer, sources);
  const cpu = process.cpuUsage(startedCpu);
  if (run >= WARMUP) {
    times.push(performance.now() - started);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
}
const p95 = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];
// The machine the benches run on is shared (8 developers on 2 cores): the tails are other
// processes' time slices and cache misses, so the budget is judged on the medians, wall and CPU,
// as the other tables here are; the p95s are printed beside them.
const met = median(times) <= BUDGET_MS && median(cpuTimes) <= BUDGET_MS;
const quotes = verdicts.flatMap((verdict) => verdict.quotes);
const rows = [
  '| check | answer | notes | cited notes | quotations (found) | median ms | p95 ms | median CPU ms | p95 CPU ms | budget |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  `| checkCitations | ~${estimateTokens(answer).toLocaleString('en')} tokens (${answer.length.toLocaleString('en')} chars, ${citationCount} links, ${quoteCount} quotations) | ${NOTES} × ~4,000 chars | ${verdicts.length} | ${quotes.length} (${quotes.filter((quote) => quote.found).length}) | ${median(times).toFixed(2)} | ${p95(times).toFixed(2)} | ${median(cpuTimes).toFixed(2)} | ${p95(cpuTimes).toFixed(2)} | ≤ ${BUDGET_MS} ms: ${met ? 'met' : 'NOT met'} |`,
  '',
  `${RUNS} runs after ${WARMUP} warm-up runs; load average ${loadavg().map((load) => load.toFixed(1)).join(', ')} on ${availableParallelism()} cores.`,
];
process.stdout.write(`${rows.join('\n')}\n`);
if (!met) process.exitCode = 1;
