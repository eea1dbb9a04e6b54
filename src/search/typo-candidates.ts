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

/**
 * Edit distance where a swap of two neighbouring letters counts as one edit (optimal string
 * alignment), or `limit + 1` as soon as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_unused, index) => index);
  let current = new Array<number>(width).fill(0);
  for (let row = 1; row <= a.length; row += 1) {
    current[0] = row;
    let rowBest = row;
    for (let column = 1; column <= b.length; column += 1) {
      const cost = a.charCodeAt(row - 1) === b.charCodeAt(column - 1) ? 0 : 1;
      let value = Math.min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost);
      if (row > 1 && column > 1 && a.charCodeAt(row - 1) === b.charCodeAt(column - 2) && a.charCodeAt(row - 2) === b.charCodeAt(column - 1)) value = Math.min(value, before[column - 2] + 1);
      current[column] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length];
}

/**
 * Finds dictionary terms a few edits from a word. A scan over the whole dictionary, made cheap by
 * two filters before any distance is computed: the length may differ by at most the budget, and
 * a 32-bit letter mask may differ in at most two bits per edit (a swap changes none, an insertion
 * or deletion one, a substitution two). Masks are kept as the dictionary grows.
 */
export class TypoIndex {
  private masks = new Uint32Array(1024);
  private lengths = new Uint8Array(1024);
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
    const wordMasks = words.map(letterMask);
    const found: (TypoCandidate & { frequency: number })[] = [];
    const { masks, lengths } = this;
    for (let id = 0; id < this.covered; id += 1) {
      const other = lengths[id];
      let distance = budget + 1;
      let term: string | undefined;
      for (let at = 0; at < words.length; at += 1) {
        const length = words[at].length;
        if (other > length + budget || other + budget < length) continue;
        if (bitCount(masks[id] ^ wordMasks[at]) > budget * 2) continue;
        term ??= this.dictionary.term(id);
        if (term === words[at]) {
          distance = budget + 1;
          break;
        }
        distance = Math.min(distance, editDistance(words[at], term, budget));
      }
      if (distance > budget || term === undefined || words.includes(term)) continue;
      const used = frequency(id);
      if (used > 0) found.push({ id, distance, frequency: used });
    }
    found.sort((a, b) => a.distance - b.distance || b.frequency - a.frequency);
    return found.slice(0, limit).map(({ id, distance }) => ({ id, distance }));
  }

  private catchUp(): void {
    const size = this.dictionary.size;
    if (size > this.masks.length) {
      const capacity = Math.max(size, this.masks.length * 2);
      const masks = new Uint32Array(capacity);
      masks.set(this.masks);
      const lengths = new Uint8Array(capacity);
      lengths.set(this.lengths);
      this.masks = masks;
      this.lengths = lengths;
    }
    for (let id = this.covered; id < size; id += 1) {
      const term = this.dictionary.term(id);
      this.masks[id] = letterMask(term);
      this.lengths[id] = Math.min(255, term.length);
    }
    this.covered = size;
  }
}
