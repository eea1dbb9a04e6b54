import esbuild from 'esbuild';
import { builtinModules } from 'node:module';

// main.js is loaded by Obsidian (desktop and mobile): CommonJS, with Obsidian's own modules
// left external. dist/cli.js is the headless runner for Node.
const watch = process.argv.includes('--watch');
const production = !watch;

const obsidianExternals = [
  'obsidian', 'electron',
  '@codemirror/autocomplete', '@codemirror/collab', '@codemirror/commands', '@codemirror/language',
  '@codemirror/lint', '@codemirror/search', '@codemirror/state', '@codemirror/view',
  '@lezer/common', '@lezer/highlight', '@lezer/lr',
  ...builtinModules, ...builtinModules.map((name) => `node:${name}`),
];

const builds = [
  {
    entryPoints: ['src/main.ts'],
    outfile: 'main.js',
    bundle: true,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    external: obsidianExternals,
    define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
    sourcemap: production ? false : 'inline',
    minify: production,
    treeShaking: true,
    logLevel: 'info',
  },
  {
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'info',
  },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
