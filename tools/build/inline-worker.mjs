import esbuild from 'esbuild';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';

// A plugin ships one main.js, so a Web Worker cannot be a file of its own: an import of
// `inline-worker:./path/to/entry` is bundled here (same target, minify, charset and defines as
// the importing build) and becomes a module whose default export is that bundle, deflated and
// Z85-encoded as `<deflated byte count>,<text>` (the search code with its stemmers and stopwords
// is about a third the size packed). src/packed-text/unpack-packed-text.ts turns it back into
// the script's text.

const PREFIX = 'inline-worker:';

/** Z85 (src/packed-text/z85.ts decodes it): 5 characters for 4 bytes, zero-padded. */
const Z85_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#';

export function encodeZ85(bytes) {
  const blocks = [];
  for (let i = 0; i < bytes.length; i += 4) {
    let value = ((bytes[i] << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0)) >>> 0;
    let block = '';
    for (let k = 0; k < 5; k++) {
      block = Z85_ALPHABET[value % 85] + block;
      value = Math.floor(value / 85);
    }
    blocks.push(block);
  }
  return blocks.join('');
}

/** `bytes` deflated and Z85-encoded as `<deflated byte count>,<text>` (unpackPackedText reads it). */
export function packBytes(bytes) {
  const deflated = deflateRawSync(bytes, { level: 9 });
  return `${deflated.length},${encodeZ85(deflated)}`;
}

/** The worker bundle of `entry`, deflated and Z85-encoded, with the files it was built from. */
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
    packed: packBytes(result.outputFiles[0].contents),
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
