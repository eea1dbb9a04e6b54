/**
 * How a token came out of the text:
 * - `word`: a whole word of a script written with spaces (Latin, Cyrillic, Greek, Arabic,
 *   Hebrew, Devanagari, Bengali, ...);
 * - `gram`: two neighbouring characters of a script written without spaces (Chinese, Japanese,
 *   Thai, Lao, Khmer, Myanmar) or of Korean, whose words carry attached particles;
 * - `tail`: the last character of such a run on its own, so that every character of the run
 *   starts some indexed term and a one-character query can match by prefix.
 */
export type TokenKind = 'word' | 'gram' | 'tail';

/** Receives each token of a text in order. */
export type TokenSink = (term: string, kind: TokenKind) => void;

/** Words longer than this are identifiers, hashes or base64, not something people search for. */
export const MAX_WORD_LENGTH = 48;

const WORD_RUN = /[\p{L}\p{N}\p{M}]+/gu;
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

/** Does this run contain any character of a segmented script? Cheap pre-check for the common case. */
function needsSegmenting(run: string): boolean {
  for (let index = 0; index < run.length; index += 1) {
    const code = run.charCodeAt(index);
    if (code >= 0x0e00 && segmentedClass(code) !== Segmented.None) return true;
  }
  return false;
}

/** Splits a segmented run into clusters: a character plus the marks that follow it. */
function clusters(run: string): string[] {
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

function emitWord(word: string, emit: TokenSink): void {
  if (word.length <= MAX_WORD_LENGTH) emit(word, 'word');
}

function emitMixedRun(run: string, emit: TokenSink): void {
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
    else emitGrams(segment, emit);
    start = index;
    currentClass = nextClass;
  }
}

/**
 * Splits already-folded text (see `foldText`) into search terms, calling `emit` for each
 * occurrence so callers can count term frequency. Letters, digits and marks form words;
 * everything else separates them. Runs of unspaced scripts become overlapping character
 * bigrams plus a trailing single character (see {@link TokenKind}).
 */
export function tokenize(folded: string, emit: TokenSink): void {
  WORD_RUN.lastIndex = 0;
  for (let match = WORD_RUN.exec(folded); match !== null; match = WORD_RUN.exec(folded)) {
    const run = match[0];
    if (needsSegmenting(run)) emitMixedRun(run, emit);
    else emitWord(run, emit);
  }
}
