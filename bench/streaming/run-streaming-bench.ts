import { existsSync } from 'node:fs';
import type { BenchRenderer, BenchRendererContext, MarkdownCounter } from './bench-renderer';
import type { BenchRendererName } from './browser-entry';
import { createJsdomBenchWorld, measureInJsdom } from './jsdom-bench';
import { medianMeasurement, type StreamingMeasurement } from './measurement';
import { formatStreamingTable, type StreamingRow } from './report';

/** Command-line flags: `--runs N` (default 3), `--naive-runs N` (default 1), `--floor-runs N` (default: as `--runs`), `--session-runs N` (four sessions at once, default 1), `--jsdom-only`, `--chromium-only`, `--baseline REF` (Chromium: Glassbox as built at a git ref, one session and four, played in every round beside today's). */
interface BenchFlags {
  readonly runs: number;
  readonly baseline?: string;
  readonly naiveRuns: number;
  readonly floorRuns: number;
  readonly sessionRuns: number;
  readonly jsdom: boolean;
  readonly chromium: boolean;
}

/** The renderers in the order each round plays them, with how many measured runs each gets. */
export function runCounts(flags: BenchFlags): readonly (readonly [BenchRendererName, number])[] {
  return [['real', flags.runs], ['floor', flags.floorRuns], ['naive', flags.naiveRuns], ['sessions', flags.sessionRuns]];
}

function numberFlag(argv: readonly string[], name: string, fallback: number): number {
  const index = argv.indexOf(name);
  const value = index >= 0 ? Number(argv[index + 1]) : fallback;
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

function parseFlags(argv: readonly string[]): BenchFlags {
  // The naive renderer re-renders ~75 M characters of Markdown per run: one run of it takes
  // minutes in jsdom, and its cost varies little, so it runs once unless asked otherwise.
  const runs = numberFlag(argv, '--runs', 3);
  const baselineAt = argv.indexOf('--baseline');
  const baseline = baselineAt >= 0 ? argv[baselineAt + 1] : undefined;
  return { runs, ...(baseline !== undefined ? { baseline } : {}), naiveRuns: numberFlag(argv, '--naive-runs', 1), floorRuns: numberFlag(argv, '--floor-runs', runs), sessionRuns: numberFlag(argv, '--session-runs', 1), jsdom: !argv.includes('--chromium-only'), chromium: !argv.includes('--jsdom-only') };
}

export type { BenchFlags };

/** Runs the streaming benchmark and prints its tables (see bench/streaming.bench.ts). */
export async function runStreamingBench(argv: readonly string[]): Promise<void> {
  const flags = parseFlags(argv);
  const rows: StreamingRow[] = [];
  if (flags.jsdom) rows.push(...(await runJsdom(flags)));
  if (flags.chromium) {
    const { CHROMIUM_PATH, runChromium } = await import('./chromium-bench');
    if (existsSync(CHROMIUM_PATH)) {
      try {
        rows.push(...(await runChromium(flags)));
      } catch (error) {
        // Keep the jsdom table (minutes of work) when the browser half cannot run; fail the script anyway.
        process.stdout.write(`(Chromium part failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})\n\n`);
        process.exitCode = 1;
      }
    }
    else process.stdout.write(`(Chromium part skipped: no browser at ${CHROMIUM_PATH})\n\n`);
  }
  process.stdout.write(formatStreamingTable(rows));
}

async function runJsdom(flags: BenchFlags): Promise<StreamingRow[]> {
  const world = await createJsdomBenchWorld(Math.floor(Date.now() / 1000) * 1000);
  // Imported only now: the UI (React's scheduler) and the fake host must see the jsdom globals and the virtual timers.
  const { App } = await import('../../tools/fake-obsidian');
  const { countingHostServices } = await import('./bench-renderer');
  const { fakeHostServices } = await import('./fake-host-services');
  const { NaiveMessageRenderer } = await import('./NaiveMessageRenderer');
  const { PlainTextFloor } = await import('./PlainTextFloor');
  const { RealChatRenderer } = await import('./RealChatRenderer');
  const { ConcurrentChatRenderers } = await import('./ConcurrentChatRenderers');
  const app = new App();
  const host = fakeHostServices(app);
  const context = (markdown: MarkdownCounter): BenchRendererContext => ({
    host: countingHostServices(host, markdown),
    createRoot: (element) => world.commits.createRoot(element),
    setInterval: (callback, ms) => world.loop.setInterval(callback, ms),
    clearInterval: (id) => world.loop.clear(id),
  });
  const factories: Record<BenchRendererName, () => BenchRenderer> = {
    real: () => new RealChatRenderer(),
    naive: () => new NaiveMessageRenderer(),
    floor: () => new PlainTextFloor(),
    sessions: () => new ConcurrentChatRenderers(),
  };
  const counts = runCounts(flags);
  const results = new Map<BenchRendererName, StreamingMeasurement[]>(counts.map(([name]) => [name, []]));
  // One warm-up run each (JIT), then alternate so drift in the machine's load hits all alike.
  for (const [name, count] of counts) {
    if (count > 0) await measureInJsdom({ world, renderer: factories[name](), context, runOptions: { answerTokens: 500 } });
  }
  for (let index = 0; index < Math.max(...counts.map(([, count]) => count)); index += 1) {
    for (const [name, count] of counts) {
      if (index >= count) continue;
      const measurement = await measureInJsdom({ world, renderer: factories[name](), context });
      results.get(name)!.push(measurement);
      process.stderr.write(`jsdom ${name} run ${index + 1}: ${measurement.mainThreadMs.toFixed(0)} ms main thread\n`);
    }
  }
  world.restore();
  const rows: StreamingRow[] = [];
  for (const [name, count] of counts) {
    const runs = results.get(name)!;
    if (count > 0) rows.push({ environment: 'jsdom', renderer: factories[name]().name, kind: name, runs: runs.length, measurement: medianMeasurement(runs) });
  }
  return rows;
}
