// Indexing off the main thread (issue 17 item 3, DESIGN.md 10 second wave): a generated
// 20,000-note vault indexed in headless Chromium by the plugin's Web Worker, beside the
// index on the main thread (time-sliced, as the plugin indexed before) in the same run. The main
// thread is traced between the page's bench-start and bench-end marks; a query is sent every
// 50 ms while the build runs.
//   node --import tsx bench/search-worker.bench.ts [--notes 20000] [--runs 3]
import { createServer, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import esbuild from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { inlineWorkerPlugin } from '../tools/build/inline-worker.mjs';
import { CHROMIUM_PATH } from './streaming/chromium-bench';
import type { IndexingRun } from './search-worker/browser-entry';

const ROOT = path.join(__dirname, '..');
const OUT = path.join(ROOT, '.tmp', 'search-worker-bench');
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

async function buildPage(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'search-worker', 'browser-entry.ts')],
    outfile: path.join(OUT, 'bench.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [inlineWorkerPlugin],
    logLevel: 'warning',
  });
}

/** A page needs an http origin to start a worker from a Blob URL. */
function serve(): Promise<Server> {
  const page = '<!doctype html><html><head><meta charset="utf-8"><script src="bench.js"></script></head><body></body></html>';
  const server = createServer((request, response) => {
    if (request.url === '/bench.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(readFileSync(path.join(OUT, 'bench.js')));
    } else {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(page);
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function measure(browser: Browser, url: string, mode: IndexingRun['mode'], notes: number): Promise<{ run: IndexingRun; trace: TraceSummary }> {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const run = await page.evaluate(([which, count]) => window.indexingBench!.run(which, count), [mode, notes] as const);
    const raw = (await browser.stopTracing()).toString('utf8');
    if (process.env.GLASSBOX_TRACE_OUT) writeFileSync(`${process.env.GLASSBOX_TRACE_OUT}-${mode.replace(' ', '-')}.json`, raw);
    const trace = JSON.parse(raw) as { traceEvents: TraceEvent[] };
    return { run, trace: summariseTrace(trace.traceEvents) };
  } finally {
    await page.close();
  }
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

/** The renderer main thread's tasks between the page's marks, in thread CPU time. */
interface TraceSummary {
  readonly mainThreadMs: number;
  readonly longestTaskMs: number;
  readonly tasksOver16Ms: number;
  /** The longest task in wall time (on a loaded machine a task is also descheduled). */
  readonly longestWallMs: number;
}

// Thread CPU time of each task: the machine runs other work beside the bench, which stretches
// wall time but not the main thread's own work. (The few tasks Chromium traces without a CPU
// time are V8's 1 µs GC-scheduling tasks; their wall time stands in.)
function summariseTrace(events: readonly TraceEvent[]): TraceSummary {
  const start = events.find((event) => event.name === 'bench-start');
  const end = events.find((event) => event.name === 'bench-end');
  if (!start || !end) throw new Error('The trace has no bench-start/bench-end marks.');
  const mainThread = events.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === start.pid);
  const tid = mainThread?.tid ?? start.tid;
  const tasks = events.filter((event) => event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask' && event.pid === start.pid && event.tid === tid && event.ts >= start.ts && event.ts <= end.ts);
  const cpu = tasks.map((event) => (event.tdur ?? event.dur ?? 0) / 1000);
  return {
    mainThreadMs: cpu.reduce((sum, value) => sum + value, 0),
    longestTaskMs: cpu.length === 0 ? 0 : Math.max(...cpu),
    tasksOver16Ms: cpu.filter((value) => value > 16).length,
    longestWallMs: Math.max(0, ...tasks.map((event) => (event.dur ?? 0) / 1000)),
  };
}

const percentile = (values: readonly number[], share: number): number => (values.length === 0 ? Number.NaN : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]);
const median = (values: readonly number[]): number => percentile(values, 0.5);

async function main(): Promise<void> {
  const notes = flag('notes', 20_000);
  const runs = flag('runs', 3);
  await buildPage();
  const server = await serve();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const results: Record<IndexingRun['mode'], { run: IndexingRun; trace: TraceSummary }[]> = { worker: [], 'main thread': [] };
  try {
    for (let round = 0; round < runs; round += 1) {
      for (const mode of ['worker', 'main thread'] as const) {
        const measured = await measure(browser, url, mode, notes);
        results[mode].push(measured);
        process.stderr.write(`${mode} run ${round + 1}: build ${measured.run.buildWallMs.toFixed(0)} ms, longest main-thread task ${measured.trace.longestTaskMs.toFixed(1)} ms\n`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  const first = results.worker[0].run;
  process.stdout.write(`Chromium, generated vault of ${first.notes.toLocaleString('en')} notes (${first.textMB.toFixed(1)} MB), ${runs} runs each (medians; "longest" and "over 16 ms" are the worst run). Main-thread figures are the renderer main thread's tasks between the start of indexing and the index being current, in thread CPU time.\n\n`);
  process.stdout.write('| measure | worker | main thread (before: the time-sliced index on the page thread) |\n| --- | ---: | ---: |\n');
  const row = (label: string, cell: (entries: { run: IndexingRun; trace: TraceSummary }[]) => string): void => {
    process.stdout.write(`| ${label} | ${cell(results.worker)} | ${cell(results['main thread'])} |\n`);
  };
  row('build, wall (ms)', (entries) => median(entries.map((entry) => entry.run.buildWallMs)).toFixed(0));
  row('main-thread time during the build (ms)', (entries) => median(entries.map((entry) => entry.trace.mainThreadMs)).toFixed(0));
  row('longest main-thread task (ms)', (entries) => Math.max(...entries.map((entry) => entry.trace.longestTaskMs)).toFixed(1));
  row('main-thread tasks over 16 ms', (entries) => String(Math.max(...entries.map((entry) => entry.trace.tasksOver16Ms))));
  row('longest main-thread task, wall (ms; stretched by the other work on this machine)', (entries) => Math.max(...entries.map((entry) => entry.trace.longestWallMs)).toFixed(1));
  row('queries answered during the build (median count)', (entries) => String(median(entries.map((entry) => entry.run.duringBuild.length))));
  row('query answer time during the build, p50 / p95 (ms)', (entries) => {
    const all = entries.flatMap((entry) => entry.run.duringBuild);
    return `${percentile(all, 0.5).toFixed(1)} / ${percentile(all, 0.95).toFixed(1)}`;
  });
  row('queries failed during the build', (entries) => String(entries.reduce((sum, entry) => sum + entry.run.failedDuringBuild, 0)));
  row('search after the build, p50 / p95 (ms, with passages, page-side)', (entries) => {
    const all = entries.flatMap((entry) => entry.run.afterBuild);
    return `${percentile(all, 0.5).toFixed(2)} / ${percentile(all, 0.95).toFixed(2)}`;
  });
  row('hit@10 after the build (100 planted facts)', (entries) => `${median(entries.map((entry) => entry.run.hitsAfterBuild))} %`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
