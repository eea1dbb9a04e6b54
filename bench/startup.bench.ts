// Startup benchmark (issue 17, DESIGN.md 10 second wave): how long Obsidian's main thread spends
// evaluating main.js and running the plugin's `onload`, in headless Chromium on the fake host.
// Each run is a fresh page that runs the production main.js as Obsidian does (a function of
// require, module, exports) between performance marks. Beside the current main.js it loads the
// one built from a baseline commit (default: the commit before issue 17) in the same run.
// main.js is compiled and called as Obsidian's app.js does (bench/startup/host-entry.ts);
// `--loader script` loads it as this bench did until 2026-11-27 (the full parse then fell in
// "evaluate"), to compare with older numbers in BENCHMARKS.md.
//   node --import tsx bench/startup.bench.ts [--runs 15] [--baseline <git ref>] [--loader obsidian|script] [--language de]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './streaming/chromium-bench';
import type { StartupLoader, StartupRun } from './startup/host-entry';
import { median } from './median';

const ROOT = path.join(__dirname, '..');
const WORK = path.join(ROOT, '.tmp', 'startup-bench');
/** The last commit on main before issue 17's bundle and startup work. */
const DEFAULT_BASELINE = 'b884302';

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
}

/**
 * Builds main.js with the esbuild options of the tree at `root`: its own tools/build/options.mjs,
 * or esbuild.options.mjs at the top level in trees from before the build plugins moved.
 */
function buildMainJs(root: string, outfile: string): void {
  const options = existsSync(path.join(root, 'tools', 'build', 'options.mjs')) ? './tools/build/options.mjs' : './esbuild.options.mjs';
  const script = `const m = await import(${JSON.stringify(options)}); const { build } = await import('esbuild'); await build({ ...m.pluginBuildOptions({ production: true }), outfile: ${JSON.stringify(outfile)}, logLevel: 'silent' });`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: 'inherit' });
}

/** The baseline's sources from git, built with this checkout's node_modules; null when that fails. */
function buildBaseline(ref: string): string | null {
  // Outside the checkout: jest would find a second package.json (and the old tree's tests) under it.
  const tree = path.join(tmpdir(), 'glassbox-startup-baseline-tree');
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  try {
    // The build options and every file they import: tools/build (or, in older trees, the
    // esbuild plugins and the alias list at the top level).
    const hasBuildFolder = execFileSync('git', ['ls-tree', '--name-only', ref, 'tools/build'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    const archive = execFileSync('git', ['archive', ref, 'src', ':(glob)*.mjs', ':(glob)*.cjs', ...(hasBuildFolder ? ['tools/build'] : []), 'package.json', 'tsconfig.json', 'manifest.json'], { cwd: ROOT, maxBuffer: 1 << 28 });
    execFileSync('tar', ['-x', '-C', tree], { input: archive });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
    const outfile = path.join(WORK, 'baseline-main.js');
    buildMainJs(tree, outfile);
    return outfile;
  } catch (error) {
    process.stderr.write(`baseline ${ref} could not be built: ${String(error).slice(0, 200)}\n`);
    return null;
  }
}

/** A small vault: the plugin must not read it in onload (indexing waits for the layout). */
function vaultFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let index = 0; index < 200; index += 1) files[`Notes/Note ${index}.md`] = `# Note ${index}\n\nSome text about topic ${index % 17}.\n`;
  return files;
}


async function main(): Promise<void> {
  const runs = Number(flag('runs', '15'));
  const baselineRef = flag('baseline', DEFAULT_BASELINE);
  const loader = flag('loader', 'obsidian') as StartupLoader;
  if (loader !== 'obsidian' && loader !== 'script') throw new Error('--loader is obsidian or script');
  const language = flag('language', 'en');
  mkdirSync(WORK, { recursive: true });
  const current = path.join(WORK, 'current-main.js');
  buildMainJs(ROOT, current);
  const baseline = buildBaseline(baselineRef);
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'startup', 'host-entry.ts')],
    outfile: path.join(WORK, 'host.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
  });
  const variants = [{ name: 'main.js now', file: current }, ...(baseline ? [{ name: `main.js at ${baselineRef}`, file: baseline }] : [])];
  const files = vaultFiles();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const results = new Map<string, StartupRun[]>(variants.map((variant) => [variant.name, []]));
  const devices = new Map<string, Record<string, string>>();
  try {
    // One warm-up load each, then the variants alternate so a busy machine colours both alike.
    for (let run = -1; run < runs; run += 1) {
      for (const variant of variants) {
        const page = await browser.newPage();
        try {
          await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body class="theme-light"></body></html>');
          await page.addScriptTag({ path: path.join(WORK, 'host.js') });
          const code = readFileSync(variant.file, 'utf8');
          // Each load is a later launch on the same device: it gets what the one before kept.
          const { device, ...result } = await page.evaluate(([source, vault, how, uiLanguage, kept]) => window.startupBench!.loadPlugin(source, vault, how, uiLanguage, kept), [code, files, loader, language, devices.get(variant.name) ?? {}] as const);
          devices.set(variant.name, device);
          if (run >= 0) results.get(variant.name)!.push(result);
        } finally {
          await page.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(`Chromium ${await browserVersion()}, ${runs} runs each (medians), the fake host, a 200-note vault, layout not ready yet (as at Obsidian's start), Obsidian's language "${language}", each load a later launch on the same device (the warm-up is the first), main.js loaded ${loader === 'obsidian' ? "as Obsidian's app.js loads it (window.eval of a parenthesised function)" : 'by an inline script (the bench before 2026-11-27)'}.\n\n`);
  process.stdout.write('| main.js | size (KiB) | compile (ms) | evaluate (ms) | onload (ms) | evaluate + onload (ms) | onload within one task |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |\n');
  for (const variant of variants) {
    const measured = results.get(variant.name)!;
    const oneTask = measured.every((run) => run.onloadInOneTask) ? 'yes' : `${measured.filter((run) => run.onloadInOneTask).length}/${measured.length}`;
    process.stdout.write(`| ${variant.name} | ${(statSync(variant.file).size / 1024).toFixed(0)} | ${median(measured.map((run) => run.compileMs)).toFixed(2)} | ${median(measured.map((run) => run.evaluateMs)).toFixed(2)} | ${median(measured.map((run) => run.onloadMs)).toFixed(2)} | ${median(measured.map((run) => run.evaluateMs + run.onloadMs)).toFixed(2)} | ${oneTask} |\n`);
  }
}

async function browserVersion(): Promise<string> {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim().replace(/^Chromium\s*/, '');
  } catch {
    return '';
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
