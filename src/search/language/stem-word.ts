import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as hindi } from '@orama/stemmers/indian';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import type { Language } from './language-profiles';

/** Snowball stemmers by language (docs/decisions/snowball-stemmers.md). */
const STEMMERS: Partial<Record<Language, (word: string) => string>> = {
  en: english, de: german, fr: french, es: spanish, it: italian, pt: portuguese, nl: dutch,
  sv: swedish, no: norwegian, da: danish, fi: finnish, ru: russian, tr: turkish, hi: hindi,
};

/** Languages with a stemmer, in a fixed order (query forms are tried in this order). */
export const STEMMED_LANGUAGES = Object.keys(STEMMERS) as Language[];

/** Shorter words are left as they are: stems of two-letter words are noise. */
const MIN_STEM_LENGTH = 4;

/** Latin-script languages without a stemmer: their words stay unstemmed. */
const UNSTEMMED_LATIN = new Set<Language>(['ro', 'id', 'hu', 'pl', 'cs', 'sk', 'vi', 'ca']);

/**
 * Which stemmer a folded word gets in a note of `language`: the note's own for a word of the
 * note's script; English for other Latin-script words (product names and code words in a
 * Japanese or Russian note, or a note whose language is unclear) and Russian for Cyrillic ones.
 * Undefined: the word stays as it is.
 */
export function stemmerLanguage(word: string, language: Language | undefined): Language | undefined {
  const code = word.charCodeAt(0);
  if (code >= 0x61 && code <= 0x7a) {
    if (language !== undefined && UNSTEMMED_LATIN.has(language)) return undefined;
    return language !== undefined && language !== 'ru' && STEMMERS[language] !== undefined ? language : 'en';
  }
  if (code >= 0x430 && code <= 0x44f) return language === 'uk' ? undefined : 'ru';
  // Devanagari: Hindi's light stemmer, unless the note is in another language of the script.
  if (code >= 0x900 && code <= 0x97f) return language === undefined || language === 'hi' ? 'hi' : undefined;
  return undefined;
}

/** Stems a folded word with `language`'s Snowball stemmer (unchanged when short, numeric, or no stemmer). */
export function stemWith(word: string, language: Language | undefined): string {
  const stem = language === undefined ? undefined : STEMMERS[language];
  if (stem === undefined || word.length < MIN_STEM_LENGTH || /\d/.test(word)) return word;
  const stemmed = stem(word);
  return stemmed.length > 0 ? stemmed : word;
}

/** The index form of a folded word in a note of `language`. */
export function stemWord(word: string, language: Language | undefined): string {
  return stemWith(word, stemmerLanguage(word, language));
}
