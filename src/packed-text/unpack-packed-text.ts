import { decodeZ85 } from './z85';

/**
 * Text that main.js carries packed, `<deflated byte count>,<Z85 text>`: the indexing worker's
 * script (tools/build/inline-worker.mjs) and the string tables (tools/build/packed-tables.mjs).
 */
export function unpackPackedText(packed: string): string {
  const comma = packed.indexOf(',');
  const length = Number(packed.slice(0, comma));
  if (comma < 1 || !Number.isSafeInteger(length)) throw new Error('The packed text has no length prefix.');
  // fflate builds its Huffman tables when it is evaluated: on the first unpack, not when main.js loads.
  // eslint-disable-next-line @typescript-eslint/no-require-imports, no-undef -- esbuild's (and jest's) require: evaluated on first use (docs/decisions/bundle-size.md)
  const { inflateSync } = require('./inflate') as typeof import('./inflate');
  return new TextDecoder().decode(inflateSync(decodeZ85(packed.slice(comma + 1), length)));
}
