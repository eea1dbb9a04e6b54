import { inflateSync } from 'fflate';
import { decodeZ85 } from './z85';

/**
 * Text that main.js carries packed, `<deflated byte count>,<Z85 text>`: the indexing worker's
 * script (tools/build/inline-worker.mjs) and the string tables (tools/build/packed-tables.mjs).
 */
export function unpackPackedText(packed: string): string {
  const comma = packed.indexOf(',');
  const length = Number(packed.slice(0, comma));
  if (comma < 1 || !Number.isSafeInteger(length)) throw new Error('The packed text has no length prefix.');
  return new TextDecoder().decode(inflateSync(decodeZ85(packed.slice(comma + 1), length)));
}
