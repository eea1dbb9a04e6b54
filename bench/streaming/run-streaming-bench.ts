import { existsSync } from 'node:fs';
import type { BenchRenderer, BenchRendererContext, MarkdownCounter } from './bench-renderer';
import { createJsdomBenchWorld, measureInJsdom } from './jsdom-bench';
import { medianMeasurement, type StreamingMeasurement } from './measurement';
import { formatStreamingTable, type StreamingRow } from './report';

/** Command-line flags: `--runs N` (default 3), `--naive-runs N` (default 1), `--jsdom-only`, `--chromium-only`. */
interface BenchFlags {
  readonly runs: number;
  readonly naiveRuns: number;
  readonly jsdom: boolean;
  readonly chromium: boolean;
}

function numberFlag(argv: readonly string[], name: string, fallback: number): number {
  const index = argv.indexOf(name);
  const value = index >= 0 ? Number(argv[index + 1]) : fallback;
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

function parseFlags(argv: readonly string[]): BenchFlags {
  // The naive renderer re-renders ~75 M characters of Markdown per run: one run of it takes
  // minutes in jsdom, and its cost varies little, so it runs once unless asked otherwise.
  return { runs: numberFlag(argv, '--runs', 3), naiveRuns: numberFlag(argv, '--naive-runs', 1), jsdom: !argv.includes('--chromium-only'), chromium: !argv.includes('--jsdom-only') };
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
  // Imported only now: React and the fake host must see the jsdom globals and the virtual timers.
  const { App } = await import('../../tools/fake-obsidian');
  const { countingHostServices } = await import('./bench-renderer');
  const { fakeHostServices } = await import('./fake-host-services');
  const { NaiveMessageRenderer } = await import('./NaiveMessageRenderer');
  const { RealChatRenderer } = await import('./RealChatRenderer');
  const app = new App();
  const host = fakeHostServices(app);
  const context = (markdown: MarkdownCounter): BenchRendererContext => ({
    host: countingHostServices(host, markdown),
    setInterval: (callback, ms) => world.loop.setInterval(callback, ms),
    clearInterval: (id) => world.loop.clear(id),
  });
  const factories: Record<'real' | 'naive', () => BenchRenderer> = {
    real: () => new RealChatRenderer(),
    naive: () => new NaiveMessageRenderer(),
  };
  const results: Record<'real' | 'naive', StreamingMeasurement[]> = { real: [], naive: [] };
  // One warm-up run each (JIT), then alternate so drift in the machine's load hits both alike.
  for (const name of ['real', 'naive'] as const) {
    if ((name === 'real' ? flags.runs : flags.naiveRuns) > 0) await measureInJsdom({ world, renderer: factories[name](), context, runOptions: { answerTokens: 500 } });
  }
  for (let index = 0; index < Math.max(flags.runs, flags.naiveRuns); index += 1) {
    for (const name of ['real', 'naive'] as const) {
      if (index >= (name === 'real' ? flags.runs : flags.naiveRuns)) continue;
      const measurement = await measureInJsdom({ world, renderer: factories[name](), context });
      results[name].push(measurement);
      process.stderr.write(`jsdom ${name} run ${index + 1}: ${measurement.mainThreadMs.toFixed(0)} ms main thread\n`);
    }
  }
  world.restore();
  const rows: StreamingRow[] = [];
  if (flags.runs > 0) rows.push({ environment: 'jsdom', renderer: factories.real().name, runs: flags.runs, measurement: medianMeasurement(results.real) });
  if (flags.naiveRuns > 0) rows.push({ environment: 'jsdom', renderer: factories.naive().name, runs: flags.naiveRuns, measurement: medianMeasurement(results.naive) });
  return rows;
}
