// `npm run bench` (or `node bench/run-all.mjs streaming`): the streaming benchmark of DESIGN.md 10.
// A 20-step run with a 5,000-token answer, played into the real chat renderer, a plain-text floor
// (bench/streaming/PlainTextFloor.ts) and a naive renderer (bench/streaming/NaiveMessageRenderer.tsx),
// in jsdom (this process, on a virtual event loop) and in Chromium (the playground bundle driven
// by playwright-core). Prints Markdown tables.
// Flags: --runs N (real renderer, default 3), --floor-runs N (default: --runs), --naive-runs N
// (default 1), --jsdom-only, --chromium-only, --baseline REF (Chromium: Glassbox built from git REF,
// played right after today's build in every round, one session and four, for a before/after in the same run).
import { spawnSync } from 'node:child_process';
import { runStreamingBench } from './streaming/run-streaming-bench';

if (process.env.GLASSBOX_STREAMING_BENCH_CHILD === '1') {
  runStreamingBench(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
} else {
  // The jsdom half measures each task's CPU time; with V8's GC and compiler on the main thread
  // (--single-threaded) the process's CPU time is the main thread's, GC pauses included.
  const child = spawnSync(process.execPath, ['--single-threaded', '--expose-gc', '--import', 'tsx', __filename, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, GLASSBOX_STREAMING_BENCH_CHILD: '1' },
  });
  process.exitCode = child.status ?? 1;
}
