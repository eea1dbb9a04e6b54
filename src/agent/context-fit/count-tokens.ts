/**
 * Tokens of a text as a model server will count them, estimated from its characters: no
 * tokenizer ships in main.js (a BPE table is megabytes). Each script has its own cost per
 * character, calibrated against cl100k_base and o200k_base on the Obsidian help in 36 languages
 * (docs/decisions/token-estimate.md, `tools/token-estimate/calibrate.ts`). The weights err on
 * the high side: a request the estimate says fits, fits.
 *
 * @example countTokens('Meeting notes') // 4
 */
export function countTokens(text: string): number {
  let total = 0;
  for (let index = 0; index < text.length; index++) total += weightOf(text.charCodeAt(index));
  return Math.ceil(total);
}

/** The length of the longest start of `text` whose estimate stays within `tokens` (one pass). */
export function prefixWithinTokens(text: string, tokens: number): number {
  let total = 0;
  for (let index = 0; index < text.length; index++) {
    total += weightOf(text.charCodeAt(index));
    if (Math.ceil(total) > tokens) return index;
  }
  return text.length;
}

/** Tokens one message costs beyond its text (role and separators in the chat template). */
export const MESSAGE_OVERHEAD_TOKENS = 6;

/**
 * Cost of one UTF-16 unit, in tokens. Ranges by how BPE vocabularies treat them: ASCII words
 * merge into few tokens, accented Latin and Cyrillic less so, Indic and Thai letters are often
 * one token or more each, CJK about one per character; surrogate halves share a character's
 * cost (an emoji is two units, often two or three tokens).
 */
function weightOf(code: number): number {
  if (code < 0x80) return code >= 0x61 && code <= 0x7a ? ASCII_LOWER : code >= 0x41 && code <= 0x5a ? ASCII_UPPER : code === 0x20 ? SPACE : code >= 0x30 && code <= 0x39 ? DIGIT : ASCII_OTHER;
  if (code < 0x250) return LATIN_EXTENDED;
  if (code < 0x370) return OTHER;
  if (code < 0x400) return GREEK;
  if (code < 0x530) return CYRILLIC;
  if (code < 0x600) return HEBREW;
  if (code < 0x900) return ARABIC;
  if (code < 0xe00) return INDIC;
  if (code < 0xe80) return THAI;
  if (code < 0x1100) return INDIC;
  if (code >= 0x1780 && code < 0x1800) return KHMER;
  if (code >= 0x1e00 && code < 0x2000) return LATIN_EXTENDED;
  if (code >= 0x2000 && code < 0x3000) return OTHER;
  if (code >= 0x3000 && code < 0xa000) return CJK;
  if (code >= 0xac00 && code < 0xd7b0) return HANGUL;
  if (code >= 0xd800 && code < 0xe000) return SURROGATE;
  if (code >= 0xf900 && code < 0xfb00) return CJK;
  if (code >= 0xff00 && code < 0xfff0) return CJK;
  return OTHER;
}

// Calibrated weights (tokens per UTF-16 unit); see the decision record for how.
const ASCII_LOWER = 0.33;
const ASCII_UPPER = 0.4;
const SPACE = 0.08;
const DIGIT = 0.45;
const ASCII_OTHER = 0.45;
const LATIN_EXTENDED = 1.4;
const GREEK = 1.05;
const CYRILLIC = 0.62;
const HEBREW = 1.2;
const ARABIC = 0.85;
const INDIC = 1.45;
const THAI = 1.1;
const KHMER = 1.7;
const CJK = 1.45;
const HANGUL = 1.25;
const SURROGATE = 1;
const OTHER = 1;
