import { CONCEPT_COUNT, conceptOf } from './concept-table';

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

/** How much a word of a known concept weighs against any other word: meaning outweighs spelling. */
const CONCEPT_WEIGHT = 3;

/**
 * A deterministic stand-in for an embedding model: a word of the hand-made concept table
 * (`concept-table.ts`: "ill" and "sick", "baby" and "parental") adds to its concept's own
 * dimension, so a paraphrase points the same way as the sentence it means; any other word (and
 * each pair of characters of an unspaced script) adds ±1 to one hashed dimension after those.
 * The vector is scaled to unit length. Texts that share words or concepts point the same way,
 * which is all the demo, the tests and the pipeline benchmark need; it says nothing about the
 * quality of real embeddings.
 */
export function scriptedEmbedding(text: string, dims = SCRIPTED_EMBEDDING_DIMS): number[] {
  const vector = new Array<number>(dims).fill(0);
  // Concepts get their own dimensions when there is room, so no hashed word collides with one.
  const reserved = dims > CONCEPT_COUNT * 4 ? CONCEPT_COUNT : 0;
  const words = text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    const concept = reserved > 0 ? conceptOf(word) : undefined;
    if (concept !== undefined) {
      vector[concept] += CONCEPT_WEIGHT;
      continue;
    }
    const pieces = /[\u3040-\u30ff\u3400-\u9fff\u0e00-\u0e7f\u1780-\u17ff]/u.test(word) ? [...word].slice(0, -1).map((char, index) => char + [...word][index + 1]) : [word];
    for (const piece of pieces.length > 0 ? pieces : [word]) {
      const value = hash(piece);
      vector[reserved + (value % (dims - reserved))] += value & 0x80000000 ? 1 : -1;
    }
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1;
  return vector.map((value) => value / norm);
}
