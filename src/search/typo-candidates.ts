import type { TermDictionary } from './term-dictionary';

/** A dictionary term within reach of a misspelled word. */
export interface TypoCandidate {
  readonly id: number;
  readonly distance: number;
}

/** Edits allowed for a word of this many characters: one for short words, two for long ones. */
export function typoBudget(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

function letterMask(term: string): number {
  let mask = 0;
  for (let index = 0; index < term.length; index += 1) mask |= 1 << (term.charCodeAt(index) & 31);
  return mask;
}

function bitCount(value: number): number {
  let rest = value - ((value >>> 1) & 0x55555555);
  rest = (rest & 0x33333333) + ((rest >>> 2) & 0x33333333);
  return (((rest + (rest >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Three rows of the distance table, reused across calls: a typo scan computes thousands. */
let rows = new Int32Array(3 * 64);

/**
 * Edit distance where a swap of two neighbouring letters counts as one edit (optimal string
 * alignment), or `limit + 1` as soon as it must exceed `limit`. Only the band of cells within
 * `limit` of the diagonal is computed (a cell outside it is already over the limit), in rows
 * reused between calls, so a check costs a few dozen cells and no allocation.
 */
export function editDistance(a: string, b: string, limit: number): number {
  const over = limit + 1;
  if (Math.abs(a.length - b.length) > limit) return over;
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width * 2);
  const table = rows;
  // Row offsets in `table`: two rows back (for swaps), the previous row and the current one.
  let before = 0;
  let previous = width;
  let current = 2 * width;
  for (let column = 0; column < width; column += 1) table[previous + column] = column <= limit ? column : over;
  for (let row = 1; row <= a.length; row += 1) {
    const low = Math.max(1, row - limit);
    const high = Math.min(b.length, row + limit);
    table[current + low - 1] = low === 1 && row <= limit ? row : over;
    let rowBest = table[current + low - 1];
    const letter = a.charCodeAt(row - 1);
    for (let column = low; column <= high; column += 1) {
      const cost = letter === b.charCodeAt(column - 1) ? 0 : 1;
      let value = Math.min(table[previous + column] + 1, table[current + column - 1] + 1, table[previous + column - 1] + cost);
      if (row > 1 && column > 1 && letter === b.charCodeAt(column - 2) && a.charCodeAt(row - 2) === b.charCodeAt(column - 1)) value = Math.min(value, table[before + column - 2] + 1);
      if (value > over) value = over;
      table[current + column] = value;
      if (value < rowBest) rowBest = value;
    }
    // The next row reads one cell past this row's band: it is over the limit.
    if (high < b.length) table[current + high + 1] = over;
    if (rowBest > limit) return over;
    const reused = before;
    before = previous;
    previous = current;
    current = reused;
  }
  return Math.min(table[previous + b.length], over);
}

/** Terms of one length: their ids, letter masks and pair masks (two words each), side by side. */
interface LengthBucket {
  ids: Int32Array;
  masks: Uint32Array;
  pairs: Uint32Array;
  count: number;
}

/** 64 bits, as two 32-bit words, for the neighbouring letter pairs of a term (hashed). */
function pairMask(term: string, out: Uint32Array, at: number): void {
  out[at] = 0;
  out[at + 1] = 0;
  for (let index = 1; index < term.length; index += 1) {
    const bit = (term.charCodeAt(index - 1) * 31 + term.charCodeAt(index)) & 63;
    out[at + (bit >>> 5)] |= 1 << (bit & 31);
  }
}

/** Terms this long or longer share the last bucket; the distance itself checks their lengths. */
const LONGEST_BUCKET = 48;

/**
 * Finds dictionary terms a few edits from a word. The dictionary is kept in buckets by term
 * length, so a word of length n with budget b reads only the terms of length n - b to n + b; in
 * those, two cheap tests come before any distance is computed: a 32-bit letter mask may differ in
 * at most two bits per edit (a swap changes none, an insertion or deletion one, a substitution
 * two), and each edit takes at most three of a word's letter pairs away (a swap: three), so at
 * most three bits of either side's 64-bit pair mask may be missing from the other's per edit.
 * Buckets are kept as the dictionary grows.
 */
export class TypoIndex {
  private readonly buckets: LengthBucket[] = [];
  private covered = 0;

  constructor(private readonly dictionary: TermDictionary) {}

  /**
   * Terms within `budget` edits of `word`, or of the nearest of several spellings of one word
   * (its stems in different languages), never one of them itself; nearest and most used first.
   */
  find(word: string | readonly string[], budget: number, limit: number, frequency: (id: number) => number): TypoCandidate[] {
    if (budget <= 0) return [];
    this.catchUp();
    const words = typeof word === 'string' ? [word] : [...new Set(word)];
    const nearest = new Map<number, number>();
    const wordPairs = new Uint32Array(2);
    for (const spelling of words) {
      const mask = letterMask(spelling);
      pairMask(spelling, wordPairs, 0);
      const [wordLow, wordHigh] = wordPairs;
      const wordPairCount = bitCount(wordLow) + bitCount(wordHigh);
      const pairsLost = budget * 3;
      const shortest = Math.max(0, spelling.length - budget);
      const longest = Math.min(LONGEST_BUCKET, spelling.length + budget);
      for (let length = shortest; length <= longest; length += 1) {
        const bucket = this.buckets[length];
        if (bucket === undefined) continue;
        const { ids, masks, pairs, count } = bucket;
        for (let at = 0; at < count; at += 1) {
          if (bitCount(masks[at] ^ mask) > budget * 2) continue;
          const termLow = pairs[at * 2];
          const termHigh = pairs[at * 2 + 1];
          const shared = bitCount(termLow & wordLow) + bitCount(termHigh & wordHigh);
          if (shared + pairsLost < wordPairCount || shared + pairsLost < bitCount(termLow) + bitCount(termHigh)) continue;
          const id = ids[at];
          const distance = editDistance(spelling, this.dictionary.term(id), budget);
          if (distance <= budget && distance < (nearest.get(id) ?? budget + 1)) nearest.set(id, distance);
        }
      }
    }
    const found: (TypoCandidate & { frequency: number })[] = [];
    for (const [id, distance] of nearest) {
      if (words.includes(this.dictionary.term(id))) continue;
      const used = frequency(id);
      if (used > 0) found.push({ id, distance, frequency: used });
    }
    found.sort((a, b) => a.distance - b.distance || b.frequency - a.frequency || a.id - b.id);
    return found.slice(0, limit).map(({ id, distance }) => ({ id, distance }));
  }

  private catchUp(): void {
    const size = this.dictionary.size;
    for (let id = this.covered; id < size; id += 1) {
      const term = this.dictionary.term(id);
      const length = Math.min(LONGEST_BUCKET, term.length);
      let bucket = this.buckets[length];
      if (bucket === undefined) bucket = this.buckets[length] = { ids: new Int32Array(64), masks: new Uint32Array(64), pairs: new Uint32Array(128), count: 0 };
      if (bucket.count === bucket.ids.length) {
        const ids = new Int32Array(bucket.count * 2);
        ids.set(bucket.ids);
        const masks = new Uint32Array(bucket.count * 2);
        masks.set(bucket.masks);
        const pairs = new Uint32Array(bucket.count * 4);
        pairs.set(bucket.pairs);
        bucket.ids = ids;
        bucket.masks = masks;
        bucket.pairs = pairs;
      }
      bucket.ids[bucket.count] = id;
      bucket.masks[bucket.count] = letterMask(term);
      pairMask(term, bucket.pairs, bucket.count * 2);
      bucket.count += 1;
    }
    this.covered = size;
  }
}
