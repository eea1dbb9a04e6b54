import { execFileSync } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildPlayground, REPO_ROOT } from '../../tools/playground/build';
import type { BenchRendererName, BrowserRunResult } from './browser-entry';
import { medianMeasurement, type StreamingMeasurement } from './measurement';
import type { StreamingRow } from './report';
import { type BenchFlags, runCounts } from './run-streaming-bench';

/** Debian's Chromium (override with GLASSBOX_CHROMIUM). */
export const CHROMIUM_PATH = process.env.GLASSBOX_CHROMIUM ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// GLASSBOX_BENCH_TRACE_CATEGORIES=blink,cc adds categories for a closer look at a kept trace
// (bench/streaming/trace-phases.ts); they cost time of their own, so runs with them are not comparable.
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8', ...(process.env.GLASSBOX_BENCH_TRACE_CATEGORIES?.split(',').filter((name) => name !== '') ?? [])];

export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string; readonly elementCount?: number; readonly beginData?: { readonly dirtyObjects?: number } };
}

/** Main-thread work between the page's `bench-start` and `bench-end` marks, from a Chromium trace. */
export interface TraceSummary {
  readonly mainThreadMs: number;
  readonly longestTaskMs: number;
  readonly tasksOver16Ms: number;
  /** Share of the tasks timed in thread CPU time (`tdur`); the rest count their wall time. */
  readonly cpuTimeShare: number;
  /** Of the main-thread time: style, layout, paint and compositing work (the browser's, not the page's script). */
  readonly renderingMs: number;
}

const RENDERING_EVENTS = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit']);

/**
 * Sums the renderer main thread's top-level tasks (`ThreadControllerImpl::RunTask`, else
 * `RunTask`) inside the marks. Uses each task's thread time (`tdur`) when the trace has it, so a
 * task preempted by another process on a busy machine is not counted as long; else (per task) wall time.
 */
export function summariseTrace(events: readonly TraceEvent[]): TraceSummary {
  const start = events.find((event) => event.name === 'bench-start');
  const end = events.find((event) => event.name === 'bench-end');
  if (!start || !end) throw new Error('The trace has no bench-start/bench-end marks.');
  const mainThread = events.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === start.pid);
  const tid = mainThread?.tid ?? start.tid;
  const onMain = events.filter((event) => event.ph === 'X' && event.pid === start.pid && event.tid === tid && event.ts >= start.ts && event.ts <= end.ts);
  const preferred = onMain.filter((event) => event.name === 'ThreadControllerImpl::RunTask');
  const tasks = preferred.length > 0 ? preferred : onMain.filter((event) => event.name === 'RunTask');
  // Each task's thread time where the trace has it (a handful of sub-millisecond tasks per run
  // come without): wall time on a loaded machine counts other processes' turns as this page's.
  const threadTime = (event: TraceEvent): number => (event.tdur ?? event.dur ?? 0) / 1000;
  const cpuTimeShare = tasks.length === 0 ? 0 : tasks.filter((event) => typeof event.tdur === 'number').length / tasks.length;
  const durations = tasks.map(threadTime);
  if (process.env.GLASSBOX_BENCH_DEBUG) {
    const names = new Map<string, number>();
    for (const event of onMain) names.set(event.name, (names.get(event.name) ?? 0) + 1);
    const wall = tasks.reduce((sum, event) => sum + (event.dur ?? 0) / 1000, 0);
    process.stderr.write(`trace: ${tasks.length} tasks, ${(cpuTimeShare * 100).toFixed(1)} % with thread time, wall sum ${wall.toFixed(0)} ms; top names ${JSON.stringify([...names.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12))}\n`);
  }
  const renderingMs = onMain.filter((event) => RENDERING_EVENTS.has(event.name)).reduce((sum, event) => sum + threadTime(event), 0);
  return {
    renderingMs,
    mainThreadMs: durations.reduce((sum, value) => sum + value, 0),
    longestTaskMs: durations.length === 0 ? 0 : Math.max(...durations),
    tasksOver16Ms: durations.filter((value) => value > 16).length,
    cpuTimeShare,
  };
}

async function measureOnce(browser: Browser, options: { bundleDir: string; name: BenchRendererName; answerTokens?: number }): Promise<StreamingMeasurement & { readonly renderer: string }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  try {
    await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body class="theme-light"></body></html>');
    await page.addStyleTag({ path: path.join(options.bundleDir, 'theme.css') });
    await page.addStyleTag({ path: path.join(options.bundleDir, 'styles.css') });
    await page.addScriptTag({ path: path.join(options.bundleDir, 'bench.js') });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const result: BrowserRunResult = await page.evaluate(
      ([name, answerTokens]) => window.streamingBench!.run(name, answerTokens === undefined ? {} : { answerTokens }),
      [options.name, options.answerTokens] as const,
    );
    const traceText = (await browser.stopTracing()).toString('utf8');
    // GLASSBOX_BENCH_TRACE_DIR=dir keeps each run's trace (open it in the DevTools performance panel).
    if (process.env.GLASSBOX_BENCH_TRACE_DIR) {
      await mkdir(process.env.GLASSBOX_BENCH_TRACE_DIR, { recursive: true });
      await writeFile(path.join(process.env.GLASSBOX_BENCH_TRACE_DIR, `${options.name}-${Date.now()}.json`), traceText);
    }
    const trace = JSON.parse(traceText) as { traceEvents: TraceEvent[] };
    const summary = summariseTrace(trace.traceEvents);
    return {
      renderer: result.renderer,
      mainThreadMs: summary.mainThreadMs,
      renderingMs: summary.renderingMs,
      longestTaskMs: summary.longestTaskMs,
      tasksOver16Ms: summary.tasksOver16Ms,
      commits: result.commits,
      maxCommitsPerSecond: result.maxCommitsPerSecond,
      markdownCalls: result.markdownCalls,
      markdownChars: result.markdownChars,
      rootsMounted: result.rootsMounted,
      maxStepLatencyMs: result.maxStepLatencyMs,
      stepsMissing: result.stepsMissing,
      answerComplete: result.answerComplete,
    };
  } finally {
    await page.close();
  }
}

/**
 * The bench bundle of the tree at git `ref` (`--baseline`): its sources from `git archive`, built
 * by its own playground build with this checkout's node_modules.
 */
async function buildBaselineBundle(ref: string): Promise<string> {
  // Outside the checkout: jest would find a second package.json (and the old tree's tests) under it.
  const tree = path.join(tmpdir(), 'glassbox-streaming-baseline-tree');
  await rm(tree, { recursive: true, force: true });
  await mkdir(tree, { recursive: true });
  execFileSync('tar', ['-x', '-C', tree], { input: execFileSync('git', ['archive', ref], { cwd: REPO_ROOT, maxBuffer: 1 << 30 }) });
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(tree, 'node_modules'));
  // Its own build script, run as its command line does: into its .tmp/playground.
  execFileSync(process.execPath, ['--import', 'tsx', 'tools/playground/build.ts', '--bench'], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] });
  return path.join(tree, '.tmp', 'playground');
}

/** The Chromium half: the playground's bench bundle in headless Chromium, traced. */
export async function runChromium(flags: BenchFlags): Promise<StreamingRow[]> {
  const bundleDir = await buildPlayground({ outdir: path.join(REPO_ROOT, '.tmp', 'bench-playground'), bench: true });
  // Built before the browser starts: each round then plays it right after today's build.
  const baselineDir = flags.baseline === undefined ? null : await buildBaselineBundle(flags.baseline);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const counts = runCounts(flags);
    const results = new Map<BenchRendererName, (StreamingMeasurement & { renderer: string })[]>(counts.map(([name]) => [name, []]));
    // The baseline build is played beside today's Glassbox rows ('real' and four 'sessions').
    const before = new Map<BenchRendererName, (StreamingMeasurement & { renderer: string })[]>([['real', []], ['sessions', []]]);
    for (const [name, count] of counts) {
      if (count > 0) await measureOnce(browser, { bundleDir, name, answerTokens: 500 });
    }
    if (baselineDir !== null && flags.runs > 0) await measureOnce(browser, { bundleDir: baselineDir, name: 'real', answerTokens: 500 });
    for (let index = 0; index < Math.max(...counts.map(([, count]) => count)); index += 1) {
      for (const [name, count] of counts) {
        if (index >= count) continue;
        const measurement = await measureOnce(browser, { bundleDir, name });
        results.get(name)!.push(measurement);
        process.stderr.write(`Chromium ${name} run ${index + 1}: ${measurement.mainThreadMs.toFixed(0)} ms main thread\n`);
        const beforeRuns = before.get(name);
        if (beforeRuns !== undefined && baselineDir !== null) {
          const old = await measureOnce(browser, { bundleDir: baselineDir, name });
          beforeRuns.push(old);
          process.stderr.write(`Chromium ${name} at ${flags.baseline} run ${index + 1}: ${old.mainThreadMs.toFixed(0)} ms main thread\n`);
        }
      }
    }
    const rows: StreamingRow[] = [];
    for (const [name] of counts) {
      const runs = results.get(name)!;
      if (runs.length > 0) rows.push({ environment: 'Chromium', renderer: runs[0].renderer, kind: name, runs: runs.length, measurement: medianMeasurement(runs) });
      const beforeRuns = before.get(name) ?? [];
      if (beforeRuns.length > 0) rows.push({ environment: 'Chromium', renderer: `${beforeRuns[0].renderer} at ${flags.baseline ?? ''}`, kind: name, baseline: flags.baseline, runs: beforeRuns.length, measurement: medianMeasurement(beforeRuns) });
    }
    return rows;
  } finally {
    await browser.close();
  }
}
