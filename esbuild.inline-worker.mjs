import esbuild from 'esbuild';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';

// A plugin ships one main.js, so a Web Worker cannot be a file of its own: an import of
// `inline-worker:./path/to/entry` is bundled here (same target, minify, charset and defines as
// the importing build) and becomes a module whose default export is that bundle, deflated and
// base64-encoded (the search code with its stemmers and stopwords is about a third the size
// packed). src/search/worker/unpack-worker-source.ts turns it back into the script's text.

const PREFIX = 'inline-worker:';

/** The worker bundle of `entry`, deflated and base64-encoded, with the files it was built from. */
export async function packWorker(entry, { target = 'es2022', minify = false, define } = {}) {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target,
    minify,
    charset: 'utf8',
    define,
    metafile: true,
    logLevel: 'silent',
  });
  return {
    packed: deflateRawSync(result.outputFiles[0].contents, { level: 9 }).toString('base64'),
    inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(input)),
  };
}

export const inlineWorkerPlugin = {
  name: 'inline-worker',
  setup(build) {
    build.onResolve({ filter: /^inline-worker:/ }, (args) => ({ path: path.resolve(args.resolveDir, `${args.path.slice(PREFIX.length)}.ts`), namespace: 'inline-worker' }));
    build.onLoad({ filter: /.*/, namespace: 'inline-worker' }, async (args) => {
      const { target, minify, define } = build.initialOptions;
      const { packed, inputs } = await packWorker(args.path, { target: typeof target === 'string' ? target : undefined, minify, define });
      return { contents: `export default ${JSON.stringify(packed)};`, loader: 'js', watchFiles: inputs };
    });
  },
};
