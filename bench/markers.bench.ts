// `npm run bench` (or `node bench/run-all.mjs markers`): the marker codec against DESIGN.md 3.3
// and 10 — 1 MB adversarial inputs in well under 100 ms, 1 MB of ordinary content in under 20 ms.
// Each input is parsed by the codec (this thread) and by a naive lazy-regex parser, the approach
// other chat plugins use, in a worker thread that is terminated after 5 s. Prints a Markdown table.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { Worker } from 'node:worker_threads';
import { composeAssistantContent, parseAssistantContent, serializeReasoningBlock, type ReasoningPayload } from '../src/markers';
import { median } from './median';

const RUNS = 7;
const WARMUP = 3;
const BASELINE_CAP_MS = 5000;
const MB = 1024 * 1024;

/** The naive parser: one lazy regular expression per marker kind over the whole content. */
const NAIVE_PARSER = String.raw`
function naiveParse(content) {
  let reasoning = null;
  const block = /^<!--REASONING_BLOCK:([\s\S]*?)-->/.exec(content);
  if (block) { try { reasoning = JSON.parse(block[1]); } catch { reasoning = null; } }
  let rest = block ? content.slice(block[0].length) : content;
  const calls = [];
  rest = rest.replace(/<!--TOOL_CALL_START:(.*?):(.*?):(.*?):(.*?):(.*?):(.*?)-->([\s\S]*?)<!--TOOL_CALL_END:(.*?):([\s\S]*?)-->/g,
    (_all, id, toolName, displayName, emoji, confirmationMessage, isExecuting, body, _endId, result) => {
      calls.push({ id, toolName, displayName, emoji, confirmationMessage, isExecuting, body,
        result: result.startsWith('ENC:') ? decodeURIComponent(result.slice(4)) : result });
      return '';
    });
  const thinks = [];
  rest = rest.replace(/<think>([\s\S]*?)<\/think>/g, (_all, text) => { thinks.push(text); return ''; });
  const open = /<think>([\s\S]*)$/.exec(rest);
  if (open) { thinks.push(open[1]); rest = rest.slice(0, open.index); }
  return { reasoning, text: rest, calls, thinks };
}`;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
${NAIVE_PARSER}
const times = [];
for (let run = 0; run < workerData.warmup + workerData.runs; run += 1) {
  const started = performance.now();
  naiveParse(workerData.content);
  if (run >= workerData.warmup) times.push(performance.now() - started);
}
parentPort.postMessage(times);`;

interface Row {
  readonly name: string;
  readonly bytes: number;
  readonly codecMs: number;
  readonly codecFirstMs: number;
  readonly baseline: string;
  readonly baselineMs: number | null;
}


/** Median of the runs after warm-up, and the first (least warmed-up) run. */
function timeMedian(work: () => unknown): { median: number; first: number } {
  const times: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return { median: median(times.slice(WARMUP)), first: times[0] ?? Number.NaN };
}

/** Median of the naive parser's runs, or null when it has not finished within the cap. */
function timeNaive(content: string): Promise<number | null> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { content, runs: RUNS, warmup: WARMUP } });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(null);
    }, BASELINE_CAP_MS);
    worker.once('message', (times: number[]) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(median(times));
    });
    worker.once('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
}

function fill(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
}

function banner(index: number): string {
  return `<!--TOOL_CALL_START:c${index}:localSearch:Search notes:🔍::false-->searching<!--TOOL_CALL_END:c${index}:ENC:${encodeURIComponent(`found note ${index}.md`)}-->`;
}

function bigPayload(bytes: number): ReasoningPayload {
  const output = fill('Result line with <b>tags</b> --> and "quotes" \\ and [[links]]. ', 3900);
  const count = Math.ceil(bytes / 4100);
  return {
    v: 1,
    status: 'complete',
    startedAt: 1763768491000,
    elapsedMs: 42000,
    steps: Array.from({ length: count }, (_unused, index) => ({
      id: `s${index}`,
      kind: 'tool' as const,
      summary: `Read note ${index} --> <!-- </script>`,
      at: 1763768491000 + index,
      tool: { name: 'readNote', args: { path: `Folder/Note ${index}.md` }, status: 'ok' as const, durationMs: 3, output, outputChars: 12000 },
    })),
  };
}

const ordinaryAnswer = fill(
  'The trip was in **May**, see [[Trip 2024]] and [[Packing list]].\n\n```ts\nconst x = "<!--TOOL_CALL_START:a:b:c:d:e:true-->";\n```\n\n- item one\n- item two with `<think>` inline\n\n',
  MB,
);

interface Case {
  readonly name: string;
  readonly content: string;
  readonly check: (parsed: ReturnType<typeof parseAssistantContent>) => boolean;
}

const cases: Case[] = [
  {
    name: 'unclosed TOOL_CALL_START + 1 MB full of `-->`, no `:`',
    content: `Answer <!--TOOL_CALL_START:${fill('lorem ipsum --> dolor sit --> amet ', MB)}`,
    check: (parsed) => parsed.text.length > MB - 100 && !parsed.text.includes('<!--TOOL_CALL_START:'),
  },
  {
    name: 'unclosed TOOL_CALL_START + 1 MB full of `-->` and `:` (one line)',
    content: `<!--TOOL_CALL_START:${fill('a:b --> c:d ', MB)}`,
    check: (parsed) => parsed.legacyToolCalls.length === 1 && parsed.legacyToolCalls[0].result === null,
  },
  {
    name: '10,000 closed tool-call banners',
    content: Array.from({ length: 10_000 }, (_unused, index) => `Step ${index}. ${banner(index)}\n`).join(''),
    check: (parsed) => parsed.legacyToolCalls.length === 10_000 && parsed.legacyToolCalls[9_999].result === 'found note 9999.md',
  },
  {
    name: '10,000 unclosed TOOL_CALL_START headers',
    content: Array.from({ length: 10_000 }, (_unused, index) => `<!--TOOL_CALL_START:c${index}:localSearch:Search::x:true--> text ${index}\n`).join(''),
    check: (parsed) => parsed.legacyToolCalls.length === 10_000 && parsed.legacyToolCalls.every((call) => call.result === null),
  },
  {
    name: '1 MB of `<think>` lines, never closed',
    content: fill('<think>\nhmm, thinking -->\n', MB),
    check: (parsed) => parsed.thinks.length === 1 && !parsed.thinks[0].closed && parsed.text === '',
  },
  {
    name: '1 MB ordinary message (small marker + Markdown answer)',
    content: composeAssistantContent(bigPayload(20_000), ordinaryAnswer),
    check: (parsed) => parsed.reasoning !== null && parsed.text === ordinaryAnswer,
  },
  {
    name: '1 MB marker payload + short answer',
    content: composeAssistantContent(bigPayload(MB), 'Short answer.'),
    check: (parsed) => parsed.reasoning !== null && parsed.reasoning.steps.length === Math.ceil(MB / 4100) && parsed.text === 'Short answer.',
  },
];

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const { name, content, check } of cases) {
    if (!check(parseAssistantContent(content))) throw new Error(`The codec misread the input "${name}".`);
    const codec = timeMedian(() => parseAssistantContent(content));
    const baselineMs = await timeNaive(content);
    rows.push({ name: `parse: ${name}`, bytes: content.length, codecMs: codec.median, codecFirstMs: codec.first, baseline: 'naive lazy regex', baselineMs });
  }
  const payload = bigPayload(MB);
  const serialized = serializeReasoningBlock(payload);
  const serialize = timeMedian(() => serializeReasoningBlock(payload));
  rows.push({
    name: 'serialize: 1 MB payload',
    bytes: serialized.length,
    codecMs: serialize.median,
    codecFirstMs: serialize.first,
    baseline: 'plain JSON.stringify (no escaping)',
    baselineMs: timeMedian(() => `<!--REASONING_BLOCK:${JSON.stringify(payload)}-->`).median,
  });

  const lines = [
    `Node ${process.version}, ${RUNS} runs after ${WARMUP} warm-up runs, medians in ms ("first run": the first warm-up, in the same process as the rows above it); baseline capped at ${BASELINE_CAP_MS / 1000} s; ` +
      `load average at the end ${loadavg().map((value) => value.toFixed(1)).join(' / ')} (1/5/15 min).`,
    '',
    '| input | size | codec median (ms) | codec first run (ms) | baseline | baseline median (ms) | baseline ÷ codec |',
    '| --- | ---: | ---: | ---: | --- | ---: | ---: |',
    ...rows.map((row) => {
      const baselineCell = row.baselineMs === null ? `> ${BASELINE_CAP_MS / 1000} s` : row.baselineMs.toFixed(2);
      const ratio = row.baselineMs === null ? `> ${Math.floor(BASELINE_CAP_MS / row.codecMs)}×` : `${(row.baselineMs / row.codecMs).toFixed(1)}×`;
      return `| ${row.name} | ${(row.bytes / MB).toFixed(2)} MB | ${row.codecMs.toFixed(2)} | ${row.codecFirstMs.toFixed(2)} | ${row.baseline} | ${baselineCell} | ${ratio} |`;
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
