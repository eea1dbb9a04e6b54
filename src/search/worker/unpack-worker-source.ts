import { inflateSync } from 'fflate';
import { decodeZ85 } from './z85';

/** The script text of a worker inlined by esbuild.inline-worker.mjs: `<deflated byte count>,<Z85 text>`. */
export function unpackWorkerSource(packed: string): string {
  const comma = packed.indexOf(',');
  const length = Number(packed.slice(0, comma));
  if (comma < 1 || !Number.isSafeInteger(length)) throw new Error('The packed worker script has no length prefix.');
  return new TextDecoder().decode(inflateSync(decodeZ85(packed.slice(comma + 1), length)));
}
