import { segmentWords } from './segment-words';

/**
 * How a token came out of the text:
 * - `word`: a whole word of a script written with spaces (Latin, Cyrillic, Greek, Arabic,
 *   Hebrew, Devanagari, Bengali, ...);
 * - `gram`: two neighbouring characters of a script written without spaces (Chinese, Japanese,
 *   Thai, Lao, Khmer, Myanmar) or of Korean, whose words carry attached particles;
 * - `tail`: the last character of such a run on its own, so that every character of the run
 *   starts some indexed term and a one-character query can match by prefix;
 * - `segment`: (queries only) a word of an unspaced script as `Intl.Segmenter` cut it; the
 *   query parser decides between the word and its character pairs;
 * - `bridge`: (queries only) the character pair across the boundary of two such neighbouring
 *   words, which notes hold as a `gram` where the words stand next to each other.
 * In notes, words of three or more characters that `Intl.Segmenter` finds in Chinese, Japanese,
 * Thai or Khmer are indexed as `word`s beside the pairs (shorter ones are pairs already).
 */
export type TokenKind = 'word' | 'gram' | 'tail' | 'segment' | 'bridge';

/** How {@link tokenize} treats unspaced scripts. */
export interface TokenizeOptions {
  /** Queries: emit `Intl.Segmenter` words (`segment`) instead of pairs. */
  readonly segmentWords?: boolean;
}

/** Receives each token of a text in order. */
export type TokenSink = (term: string, kind: TokenKind) => void;

/** Words longer than this are identifiers, hashes or base64, not something people search for. */
export const MAX_WORD_LENGTH = 48;

const MARK = /\p{M}/u;

/** Script families that need n-grams instead of words. 0 means a spaced script. */
const enum Segmented {
  None = 0,
  Cjk = 1,
  Hangul = 2,
  SouthEastAsian = 3,
}

function segmentedClass(code: number): Segmented {
  if (code < 0x0e00) return Segmented.None;
  if (code <= 0x0eff) return Segmented.SouthEastAsian; // Thai, Lao
  if (code >= 0x1000 && code <= 0x109f) return Segmented.SouthEastAsian; // Myanmar
  if (code >= 0x1780 && code <= 0x17ff) return Segmented.SouthEastAsian; // Khmer
  if (code >= 0x1100 && code <= 0x11ff) return Segmented.Hangul;
  if (code >= 0x3040 && code <= 0x30ff) return Segmented.Cjk; // kana, incl. ー
  if (code === 0x3005 || (code >= 0x31f0 && code <= 0x31ff)) return Segmented.Cjk;
  if (code >= 0x3130 && code <= 0x318f) return Segmented.Hangul;
  if (code >= 0x3400 && code <= 0x4dbf) return Segmented.Cjk;
  if (code >= 0x4e00 && code <= 0x9fff) return Segmented.Cjk;
  if (code >= 0xac00 && code <= 0xd7af) return Segmented.Hangul;
  if (code >= 0xf900 && code <= 0xfaff) return Segmented.Cjk;
  if (code >= 0xd800 && code <= 0xdbff) return Segmented.Cjk; // supplementary ideographs (ext. B+)
  return Segmented.None;
}

/** Splits a segmented run into clusters: a character plus the marks that follow it. */
export function clusters(run: string): string[] {
  const out: string[] = [];
  for (const char of run) {
    if (out.length > 0 && MARK.test(char)) out[out.length - 1] += char;
    else out.push(char);
  }
  return out;
}

function emitGrams(segment: string, emit: TokenSink): void {
  const parts = clusters(segment);
  for (let index = 0; index + 1 < parts.length; index += 1) emit(parts[index] + parts[index + 1], 'gram');
  emit(parts[parts.length - 1], 'tail');
}

/** Emits the dictionary words of an unspaced run: all of them for a query, longer ones for a note. */
function emitSegmented(segment: string, segmentClass: Segmented, emit: TokenSink, query: boolean): void {
  const words = segmentClass === Segmented.Hangul ? null : segmentWords(segment);
  if (query && words) {
    let previous: string[] | null = null;
    for (const word of words) {
      const parts = clusters(word);
      if (previous) emit(previous[previous.length - 1] + parts[0], 'bridge');
      emit(word, 'segment');
      previous = parts;
    }
    return;
  }
  emitGrams(segment, emit);
  if (words) for (const word of words) if (clusters(word).length >= 3) emit(word, 'word');
}

function emitWord(word: string, emit: TokenSink): void {
  if (word.length <= MAX_WORD_LENGTH) emit(word, 'word');
}

function emitMixedRun(run: string, emit: TokenSink, query: boolean): void {
  let start = 0;
  let currentClass = segmentedClass(run.charCodeAt(0));
  for (let index = 1; index <= run.length; index += 1) {
    const code = index < run.length ? run.charCodeAt(index) : -1;
    let nextClass = code < 0 ? Segmented.None : segmentedClass(code);
    // Low surrogates and combining marks stay with the character before them.
    if (code >= 0xdc00 && code <= 0xdfff) continue;
    if (code >= 0 && currentClass !== Segmented.None && MARK.test(run[index])) nextClass = currentClass;
    if (code >= 0 && nextClass === currentClass) continue;
    const segment = run.slice(start, index);
    if (currentClass === Segmented.None) emitWord(segment, emit);
    else emitSegmented(segment, currentClass, emit, query);
    start = index;
    currentClass = nextClass;
  }
}

/** Character classes for the scanner. */
const SEPARATOR = 1;
const WORD = 2;
const SEGMENTED = 3;
/** Combining marks and low surrogates: continue a run, never start one. */
const CONTINUE = 4;

/** Class of each UTF-16 code unit, computed on first sight (0 = not yet known). */
const CLASSES = new Uint8Array(0x10000);
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function classify(code: number): number {
  if (code >= 0xdc00 && code <= 0xdfff) return CONTINUE;
  if (code >= 0xd800 && code <= 0xdbff) return SEGMENTED; // refined per pair in the scanner
  const char = String.fromCharCode(code);
  if (MARK.test(char)) return CONTINUE;
  if (!LETTER_OR_DIGIT.test(char)) return SEPARATOR;
  return segmentedClass(code) === Segmented.None ? WORD : SEGMENTED;
}

for (let code = 0; code < 0x80; code += 1) CLASSES[code] = classify(code);

/**
 * Splits already-folded text (see `foldText`) into search terms, calling `emit` for each
 * occurrence so callers can count term frequency. Letters, digits and marks form words;
 * everything else separates them. Runs of unspaced scripts become overlapping character
 * bigrams plus a trailing single character, and their longer dictionary words (see
 * {@link TokenKind}). A hand-written scanner
 * with a per-code-unit class table: this is the hot loop of indexing.
 */
export function tokenize(folded: string, emit: TokenSink, options: TokenizeOptions = {}): void {
  const query = options.segmentWords === true;
  const length = folded.length;
  let start = -1;
  let segmented = false;
  for (let index = 0; index <= length; index += 1) {
    let kind = SEPARATOR;
    if (index < length) {
      const code = folded.charCodeAt(index);
      kind = CLASSES[code]!;
      if (kind === 0) kind = CLASSES[code] = classify(code);
      if (code >= 0xd800 && code <= 0xdbff) {
        // A supplementary character: a letter (rare CJK ideographs) joins runs; emoji and symbols separate.
        const pair = folded.slice(index, index + 2);
        kind = LETTER_OR_DIGIT.test(pair) ? SEGMENTED : SEPARATOR;
        if (kind === SEPARATOR) index += 1;
      } else if (kind === CONTINUE && start < 0) {
        kind = SEPARATOR;
      }
    }
    if (kind === SEPARATOR) {
      if (start >= 0) {
        const run = folded.slice(start, index);
        if (segmented) emitMixedRun(run, emit, query);
        else emitWord(run, emit);
        start = -1;
        segmented = false;
      }
      continue;
    }
    if (start < 0) start = index;
    if (kind === SEGMENTED) segmented = true;
  }
}
