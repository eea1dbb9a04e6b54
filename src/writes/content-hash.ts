/**
 * A short fingerprint of a note's text: its length and a 64-bit hash (two 32-bit multiply-xor
 * lanes, as in cyrb53). Undo compares it with the note now to tell whether anyone changed the
 * note since a write. It guards against accidental edits, not an adversary (who can edit the
 * note can edit the trace): an edit would have to keep the length and hit 1 in 2^64. Synchronous
 * and without Web Crypto, so it runs the same in Obsidian, on mobile, in Node and in jsdom.
 */
export function contentHash(text: string): string {
  let first = 0xdeadbeef ^ text.length;
  let second = 0x41c6ce57 ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 2654435761);
    second = Math.imul(second ^ code, 1597334677);
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507);
  first ^= Math.imul(second ^ (second >>> 13), 3266489909);
  second = Math.imul(second ^ (second >>> 16), 2246822507);
  second ^= Math.imul(first ^ (first >>> 13), 3266489909);
  const hex = (lane: number) => (lane >>> 0).toString(16).padStart(8, '0');
  return `${text.length}:${hex(second)}${hex(first)}`;
}
