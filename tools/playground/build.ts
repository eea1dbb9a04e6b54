import esbuild from 'esbuild';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

/** The repository root (this file is `tools/playground/build.ts`). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** Where the built page lands by default (ignored by git). */
export const DEFAULT_PLAYGROUND_DIR = path.join(REPO_ROOT, '.tmp', 'playground');

/** Options of {@link buildPlayground}. */
export interface BuildPlaygroundOptions {
  /** Output folder; default `.tmp/playground`. */
  readonly outdir?: string;
  /** Also bundle the streaming benchmark's browser driver as `bench.js`. */
  readonly bench?: boolean;
  /** Minify (default true, like the plugin in Obsidian). */
  readonly minify?: boolean;
}

/**
 * Builds the playground page: the real plugin (`src/main.ts`) bundled for the browser with the
 * `obsidian` module replaced by the fake host (`tools/fake-obsidian`), the page's own frame
 * code, `index.html`, `theme.css` and the plugin's `styles.css`. Returns the output folder.
 */
export async function buildPlayground(options: BuildPlaygroundOptions = {}): Promise<string> {
  const outdir = options.outdir ?? DEFAULT_PLAYGROUND_DIR;
  await mkdir(outdir, { recursive: true });
  const entryPoints: Record<string, string> = { playground: path.join(REPO_ROOT, 'tools/playground/page/main.ts') };
  if (options.bench === true) entryPoints.bench = path.join(REPO_ROOT, 'bench/streaming/browser-entry.ts');
  // The same openai SDK as main.js (only the resources Glassbox calls), so the e2e tests run it.
  const { openaiChatOnlyPlugin } = await import('../build/openai-chat-only.mjs');
  // The plugin's indexing worker, inlined as in main.js.
  const { inlineWorkerPlugin } = await import('../build/inline-worker.mjs');
  // The string tables packed as in main.js, so the page unpacks the language it is given.
  const { packedTablesPlugin } = await import('../build/packed-tables.mjs');
  await esbuild.build({
    entryPoints,
    outdir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    alias: { obsidian: path.join(REPO_ROOT, 'tools/fake-obsidian/index.ts') },
    // As in main.js: Node's modules stay out. Only the MCP stdio transport names them, and it
    // loads when a stdio server starts, which a browser page cannot do (it fails as a notice).
    external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    minify: options.minify ?? true,
    sourcemap: 'linked',
    plugins: [openaiChatOnlyPlugin, inlineWorkerPlugin, packedTablesPlugin],
    logLevel: 'warning',
  });
  await copyFile(path.join(REPO_ROOT, 'tools/playground/index.html'), path.join(outdir, 'index.html'));
  await copyFile(path.join(REPO_ROOT, 'tools/playground/theme.css'), path.join(outdir, 'theme.css'));
  const pluginStyles = path.join(REPO_ROOT, 'styles.css');
  if (existsSync(pluginStyles)) await copyFile(pluginStyles, path.join(outdir, 'styles.css'));
  else await writeFile(path.join(outdir, 'styles.css'), '/* the plugin has no styles.css yet */\n');
  return outdir;
}

// `node --import tsx tools/playground/build.ts [--bench]`
if (require.main === module) {
  buildPlayground({ bench: process.argv.includes('--bench') })
    .then((outdir) => process.stdout.write(`playground built into ${path.relative(process.cwd(), outdir)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}
