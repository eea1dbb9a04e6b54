/** Dimensions of the scripted embeddings unless a request asks for `dimensions`. */
export const SCRIPTED_EMBEDDING_DIMS = 256;
/** The model name that the scripted server says it does not have (to test a failing endpoint). */
export const MISSING_EMBEDDING_MODEL = 'no-such-embedding-model';

function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/**
 * A deterministic stand-in for an embedding model: each lower-cased word (and each pair of
 * characters of an unspaced script) adds ±1 to one hashed dimension, and the vector is scaled to
 * unit length. Texts that share words point the same way, which is all the tests and the
 * pipeline benchmark need; it says nothing about the quality of real embeddings.
 */
export function scriptedEmbedding(text: string, dims = SCRIPTED_EMBEDDING_DIMS): number[] {
  const vector = new Array<number>(dims).fill(0);
  const words = text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    const pieces = /[\u3040-\u30ff\u3400-\u9fff\u0e00-\u0e7f\u1780-\u17ff]/u.test(word) ? [...word].slice(0, -1).map((char, index) => char + [...word][index + 1]) : [word];
    for (const piece of pieces.length > 0 ? pieces : [word]) {
      const value = hash(piece);
      vector[value % dims] += value & 0x80000000 ? 1 : -1;
    }
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1;
  return vector.map((value) => value / norm);
}
