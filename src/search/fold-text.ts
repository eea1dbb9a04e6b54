/**
 * Marks that are removed after NFKD decomposition: accents on Latin, Greek and Cyrillic
 * letters (the combining diacritics blocks), Hebrew points and Arabic harakat (optional vowel
 * signs that most text leaves out). Marks of Indic, Thai, Khmer and other abugidas are NOT here:
 * in those scripts a vowel sign is part of the word, and removing it would merge different words.
 * Japanese voicing marks (U+3099/U+309A) are kept too, so that NFC puts ガ back together.
 */
// eslint-disable-next-line no-misleading-character-class -- a class of lone combining marks is the point here
const FOLDED_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8\u06ea-\u06ed\u0640]/g;

/** Letters that carry no decomposable accent but that users type without it. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
  ς: 'σ',
  ى: 'ی',
  ي: 'ی',
  ك: 'ک',
};
const LETTER_FOLD_PATTERN = /[ßæœøđðłıþςىيك]/g;
// eslint-disable-next-line no-control-regex -- the ASCII test is exactly a control-range class
const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * Devanagari spellings that people type either way: the nukta (फ़ाइल / फाइल; NFKD has already
 * split the precomposed letters such as ज़ into ज and the nukta) and chandrabindu for anusvara
 * (बनाएँ / बनाएं). Zero-width joiners and non-joiners between Indic letters only choose a glyph
 * shape: without this they would split a word in two.
 */
const DEVANAGARI_NUKTA = /\u093c/g;
const DEVANAGARI_CHANDRABINDU = /\u0901/g;
const INDIC_JOINER = /([\u0900-\u0dff])[\u200c\u200d](?=[\u0900-\u0dff])/g;

/**
 * Folds text for matching: lower case, compatibility forms (full-width Latin, half-width
 * katakana, ligatures) unified by NFKD, accents removed where they are accents (see
 * {@link FOLDED_MARKS}) and Devanagari's optional marks ({@link DEVANAGARI_NUKTA}), then NFC so that Hangul syllables, kana and Indic letters stay whole.
 * Index and query go through the same function, so a folded form only has to be consistent.
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  return lower
    .normalize('NFKD')
    .replace(FOLDED_MARKS, '')
    .replace(DEVANAGARI_NUKTA, '')
    .replace(DEVANAGARI_CHANDRABINDU, '\u0902')
    .replace(INDIC_JOINER, '$1')
    .normalize('NFC')
    .replace(LETTER_FOLD_PATTERN, (letter) => LETTER_FOLDS[letter] ?? letter);
}
