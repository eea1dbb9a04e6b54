// Where the startup bench's time goes: a CPU profile (V8's sampler over CDP) of evaluating
// main.js and of `onload`, each its own profile, over several fresh pages, on a build with the
// production options but not minified, so each sample's line names its module (esbuild writes a
// `// path` comment before each module's code). Prints the modules and functions with the most
// self time in each phase.
//   node --import tsx bench/startup/profile.ts [--runs 8] [--top 25]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import esbuild from 'esbuild';
import { chromium, type CDPSession } from 'playwright-core';
import { CHROMIUM_PATH } from '../streaming/chromium-bench';

const ROOT = path.join(__dirname, '..', '..');
const WORK = path.join(ROOT, '.tmp', 'startup-profile');

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly scriptId: string; readonly url: string; readonly lineNumber: number };
  /** Samples by source line (1-based), when V8 recorded them. */
  readonly positionTicks?: readonly { readonly line: number; readonly ticks: number }[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
}

/** main.js with the production options (define, plugins) but readable, so lines name modules. */
function buildReadable(outfile: string): void {
  const script = `const m = await import('./tools/build/options.mjs'); const { build } = await import('esbuild'); await build({ ...m.pluginBuildOptions({ production: true }), minify: false, outfile: ${JSON.stringify(outfile)}, logLevel: 'silent' });`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: 'inherit' });
}

/** For each line of main.js, the module it belongs to (the last `// path` comment above it). */
function moduleOfLines(code: string): string[] {
  const modules: string[] = [];
  let current = '(bundle)';
  for (const line of code.split('\n')) {
    const comment = /^\/\/ (\S+\/\S+\.[cm]?[jt]sx?)$/.exec(line);
    if (comment) current = comment[1].replace(/^(\.\.\/)*(main\/)?node_modules\//, '');
    modules.push(current);
  }
  return modules;
}

/**
 * Self time per key over a profile, in ms. A node's time is split over the lines V8 sampled in
 * it (`positionTicks`), so main.js's top level, one function over many modules, is attributed
 * to the module of each line; `key` gets the frame and the line (0-based, as `lineNumber`).
 */
function addSelfTimes(profile: Profile, key: (frame: ProfileNode['callFrame'], line: number) => string, into: Map<string, number>): void {
  const selfMs = new Map<number, number>();
  for (let index = 0; index < profile.samples.length; index += 1) selfMs.set(profile.samples[index], (selfMs.get(profile.samples[index]) ?? 0) + profile.timeDeltas[index] / 1000);
  const add = (name: string, ms: number): void => {
    into.set(name, (into.get(name) ?? 0) + ms);
  };
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    if (ms === 0) continue;
    const ticks = node.positionTicks ?? [];
    const total = ticks.reduce((sum, tick) => sum + tick.ticks, 0);
    if (total === 0) add(key(node.callFrame, node.callFrame.lineNumber), ms);
    else for (const tick of ticks) add(key(node.callFrame, tick.line - 1), (ms * tick.ticks) / total);
  }
}

/**
 * main.js with esbuild's module wrappers (`__esm`, `__commonJS`) timed: each module evaluated
 * through one records its name and its time without the wrapped modules it evaluates, in
 * `window.startupModuleTimes`. Modules esbuild hoists to the top level are not wrapped; their
 * time is what evaluation spends outside every wrapper.
 */
function withTimedWrappers(code: string): string {
  const timer = `var __timing = (globalThis.startupModuleTimes = globalThis.startupModuleTimes || { stack: [], self: {} }); var __timed = (name, run) => { const start = performance.now(); __timing.stack.push(0); try { return run(); } finally { const inner = __timing.stack.pop(); const spent = performance.now() - start; __timing.self[name] = (__timing.self[name] || 0) + spent - inner; if (__timing.stack.length > 0) __timing.stack[__timing.stack.length - 1] += spent; } };\n`;
  const esm = 'return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;';
  const cjs = 'return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;';
  if (!code.includes(esm) || !code.includes(cjs)) throw new Error("esbuild's module wrappers changed: update withTimedWrappers");
  return timer + code
    .replace(esm, 'if (!fn) return res; const name = __getOwnPropNames(fn)[0]; const f = fn; return __timed(name, () => (res = (0, f[name])(fn = 0), res));')
    .replace(cjs, 'if (mod) return mod.exports; const name = __getOwnPropNames(cb)[0]; return __timed(name, () => ((0, cb[name])((mod = { exports: {} }).exports, mod), mod.exports));');
}

async function profiled<T>(session: CDPSession, action: () => Promise<T>): Promise<Profile> {
  await session.send('Profiler.start');
  await action();
  const { profile } = await session.send('Profiler.stop');
  return profile as unknown as Profile;
}

function report(title: string, totals: Map<string, number>, runs: number, top: number): void {
  const sum = [...totals.values()].reduce((a, b) => a + b, 0) / runs;
  process.stdout.write(`\n${title}: ${sum.toFixed(2)} ms of samples per load\n`);
  for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${(ms / runs).toFixed(2).padStart(8)}  ${name}\n`);
}

async function main(): Promise<void> {
  const runs = Number(flag('runs', '8'));
  const top = Number(flag('top', '25'));
  mkdirSync(WORK, { recursive: true });
  const mainJs = path.join(WORK, 'readable-main.js');
  buildReadable(mainJs);
  const hostJs = path.join(WORK, 'host.js');
  await esbuild.build({ entryPoints: [path.join(__dirname, 'host-entry.ts')], outfile: hostJs, bundle: true, format: 'iife', platform: 'browser', target: 'es2022', logLevel: 'warning' });
  const code = readFileSync(mainJs, 'utf8');
  const lines = moduleOfLines(code);
  const files: Record<string, string> = {};
  for (let index = 0; index < 200; index += 1) files[`Notes/Note ${index}.md`] = `# Note ${index}\n\nSome text about topic ${index % 17}.\n`;
  // main.js runs as Obsidian runs it, its first line on the wrapper function's line; it is the
  // only script as long as main.js (the page's other scripts are the host's and Playwright's).
  let mainScriptId = '';
  const where = (frame: ProfileNode['callFrame'], line: number): string => {
    if (frame.scriptId === mainScriptId) return lines[line] ?? '(bundle)';
    if (frame.url !== '') return `host ${path.basename(frame.url)}`;
    return frame.scriptId === '0' ? frame.functionName : `(other script) ${frame.functionName}`;
  };
  const totals = { evaluateModules: new Map<string, number>(), evaluateFunctions: new Map<string, number>(), onloadModules: new Map<string, number>(), onloadFunctions: new Map<string, number>() };
  const timedCode = withTimedWrappers(code);
  const moduleTimes = new Map<string, number>();
  let outside = 0;
  let evaluateTotal = 0;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    for (let run = -1; run < runs; run += 1) {
      const page = await browser.newPage();
      const session = await page.context().newCDPSession(page);
      session.on('Debugger.scriptParsed', (script) => {
        if ((script.length ?? 0) > code.length) mainScriptId = script.scriptId;
      });
      await session.send('Debugger.enable');
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 50 });
      await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body class="theme-light"></body></html>');
      await page.addScriptTag({ path: hostJs });
      // main.js's text reaches the page before the profile starts: Playwright's serialisation of
      // a 1 MB argument would otherwise be most of the samples.
      await page.evaluate(([source, vault]) => Object.assign(window, { startupSource: { source, vault } }), [code, files] as const);
      const evaluation = await profiled(session, () => page.evaluate(() => {
        const { source, vault } = (window as unknown as { startupSource: { source: string; vault: Record<string, string> } }).startupSource;
        window.startupBench!.evaluate(source, vault);
      }));
      const onload = await profiled(session, () => page.evaluate(() => window.startupBench!.load()));
      if (run >= 0) {
        addSelfTimes(evaluation, where, totals.evaluateModules);
        addSelfTimes(evaluation, (frame, line) => `${frame.functionName || '(anonymous)'} @ ${where(frame, line)}`, totals.evaluateFunctions);
        addSelfTimes(onload, where, totals.onloadModules);
        addSelfTimes(onload, (frame, line) => `${frame.functionName || '(anonymous)'} @ ${where(frame, line)}`, totals.onloadFunctions);
      }
      await page.close();
      // The same load with the wrappers timed, unprofiled.
      const timedPage = await browser.newPage();
      await timedPage.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body class="theme-light"></body></html>');
      await timedPage.addScriptTag({ path: hostJs });
      const times = await timedPage.evaluate(async ([source, vault]) => {
        window.startupBench!.evaluate(source, vault);
        const evaluateMs = performance.getEntriesByName('evaluate')[0].duration;
        const evaluation = { ...(window as unknown as { startupModuleTimes: { self: Record<string, number> } }).startupModuleTimes.self };
        const run = await window.startupBench!.load();
        return { evaluateMs, evaluation, onloadMs: run.onloadMs };
      }, [timedCode, files] as const);
      await timedPage.close();
      if (run >= 0) {
        for (const [name, ms] of Object.entries(times.evaluation)) moduleTimes.set(name, (moduleTimes.get(name) ?? 0) + ms);
        evaluateTotal += times.evaluateMs;
        outside += times.evaluateMs - Object.values(times.evaluation).reduce((a, b) => a + b, 0);
      }
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(`Self time per load (ms), mean of ${runs} profiled loads of an unminified production build (profiling slows it down; compare items, not totals with the bench).\n`);
  moduleTimes.set('(outside the wrappers: hoisted modules, esbuild helpers)', outside);
  process.stdout.write(`\nEvaluation, by wrapped module (self ms, performance.now around esbuild's __esm/__commonJS, unprofiled; ${[...moduleTimes.keys()].length - 1} wrapped modules evaluated at load; evaluation ${(evaluateTotal / runs).toFixed(2)} ms in all)\n`);
  for (const [name, ms] of [...moduleTimes].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${(ms / runs).toFixed(2).padStart(8)}  ${name}\n`);
  report('Evaluation, by module', totals.evaluateModules, runs, top);
  report('Evaluation, by function', totals.evaluateFunctions, runs, top);
  report('onload, by module', totals.onloadModules, runs, top);
  report('onload, by function', totals.onloadFunctions, runs, top);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
