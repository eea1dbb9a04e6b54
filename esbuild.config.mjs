import esbuild from 'esbuild';
import { statSync } from 'node:fs';
import { cliBuildOptions, MAIN_JS_LIMIT_BYTES, pluginBuildOptions } from './tools/build/options.mjs';

// Runs the builds described in tools/build/options.mjs: main.js for Obsidian and dist/cli.js for
// Node. `--watch` rebuilds on change (development main.js with an inline source map).
const watch = process.argv.includes('--watch');
const production = !watch;

const builds = [pluginBuildOptions({ production }), cliBuildOptions];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const size = statSync('main.js').size;
  process.stdout.write(`main.js: ${kib(size)} (limit ${kib(MAIN_JS_LIMIT_BYTES)}${size > MAIN_JS_LIMIT_BYTES ? `, over by ${kib(size - MAIN_JS_LIMIT_BYTES)}` : ''})\n`);
}
