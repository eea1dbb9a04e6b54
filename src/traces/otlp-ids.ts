/**
 * Trace and span ids for exported runs, derived from what identifies the run (the conversation,
 * the message, the step) so that exporting the same conversation twice gives the same ids and a
 * collector keeps one copy. FNV-1a over the UTF-16 code units, 64 bits per half.
 */
export function otlpId(seed: string, bytes: 8 | 16): string {
  const halves = bytes === 8 ? [fnv1a64(seed)] : [fnv1a64(`${seed}\u0000trace`), fnv1a64(`${seed}\u0000id`)];
  const hex = halves.map((half) => half.toString(16).padStart(16, '0')).join('');
  // An all-zero id is invalid in OTLP.
  return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = (1n << 64n) - 1n;

function fnv1a64(text: string): bigint {
  let hash = FNV_OFFSET;
  for (let index = 0; index < text.length; index++) {
    hash ^= BigInt(text.charCodeAt(index));
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return hash;
}
