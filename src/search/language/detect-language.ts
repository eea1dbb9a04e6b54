import { foldText } from '../fold-text';
import { LANGUAGES, PROFILE_WORDS, type Language } from './language-profiles';

/** Characters of a note looked at to tell its language: a few paragraphs. */
const SAMPLE_CHARS = 1500;
/** Characters whose words decide a Latin-script language: about a hundred words. */
const LATIN_SAMPLE_CHARS = 700;
/** Latin-script text needs this many profile-word hits before a language is named. */
const MIN_PROFILE_HITS = 2;

/** Folded profile word → the languages it belongs to. */
let profileIndex: Map<string, Language[]> | undefined;

function profiles(): Map<string, Language[]> {
  if (profileIndex) return profileIndex;
  profileIndex = new Map();
  for (const [language, words] of Object.entries(PROFILE_WORDS) as [Language, string][]) {
    for (const word of new Set(words.split(' ').map((entry) => foldText(entry)))) {
      const list = profileIndex.get(word) ?? [];
      list.push(language);
      profileIndex.set(word, list);
    }
  }
  return profileIndex;
}

/** Reads a `lang` value (`de`, `de-AT`, `pt_BR`, `German`?) as a known language, or undefined. */
export function parseLanguageTag(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : undefined;
}

/** Scripts that name a language, by code point range (checked in one pass over the sample). */
const SCRIPT_RANGES: readonly [from: number, to: number, language: Language][] = [
  [0x0e00, 0x0e7f, 'th'],
  [0x1780, 0x17ff, 'km'],
  [0x1100, 0x11ff, 'ko'],
  [0x3130, 0x318f, 'ko'],
  [0xac00, 0xd7af, 'ko'],
  [0x3040, 0x30ff, 'ja'],
  [0x3400, 0x4dbf, 'zh'],
  [0x4e00, 0x9fff, 'zh'],
  [0x0400, 0x04ff, 'ru'],
  [0x0370, 0x03ff, 'el'],
  [0x1f00, 0x1fff, 'el'],
  [0x0600, 0x06ff, 'ar'],
  [0x0590, 0x05ff, 'he'],
  [0x0900, 0x097f, 'hi'],
  [0x0980, 0x09ff, 'bn'],
];

function isLatinLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7);
}

/**
 * The language of a text: by script where a script belongs to one language (Thai, Khmer,
 * Korean, Greek, Hebrew…), by kana for Japanese against Chinese, by letters only Ukrainian or
 * Persian use, and for Latin script by which language's most frequent words it uses.
 * Undefined when nothing is clear (a short list, a table of numbers). Looks at the first
 * {@link SAMPLE_CHARS} characters only: it runs once per indexed note.
 */
export function detectLanguage(text: string): Language | undefined {
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  const counts = new Map<Language, number>();
  let latin = 0;
  for (let index = 0; index < sample.length; index += 1) {
    const code = sample.charCodeAt(index);
    if (code < 0x80) {
      if (isLatinLetter(code)) latin += 1;
      continue;
    }
    if (isLatinLetter(code)) {
      latin += 1;
      continue;
    }
    for (const [from, to, language] of SCRIPT_RANGES) {
      if (code >= from && code <= to) {
        counts.set(language, (counts.get(language) ?? 0) + 1);
        break;
      }
    }
  }
  let best: Language | undefined;
  let bestCount = 0;
  for (const [language, count] of counts) {
    if (count > bestCount) {
      best = language;
      bestCount = count;
    }
  }
  if (best !== undefined && bestCount >= latin / 2) {
    if (best === 'zh' && (counts.get('ja') ?? 0) > 0) return 'ja';
    if (best === 'ja' && bestCount < 3) return 'zh';
    if (best === 'ru' && /[ієїґ]/i.test(sample)) return 'uk';
    if (best === 'ar' && /[پچژگ]/.test(sample)) return 'fa';
    return best;
  }
  return latin > 0 ? latinLanguage(sample.slice(0, LATIN_SAMPLE_CHARS)) : undefined;
}

const NON_LETTERS = /[^\p{L}\p{M}]+/u;

/** The Latin-script language whose profile words the text uses most, when one clearly leads. */
export function latinLanguage(text: string): Language | undefined {
  const index = profiles();
  const hits = new Map<Language, number>();
  for (const word of foldText(text).split(NON_LETTERS)) {
    const languages = index.get(word);
    if (languages) for (const language of languages) hits.set(language, (hits.get(language) ?? 0) + 1);
  }
  let best: Language | undefined;
  let first = 0;
  let second = 0;
  for (const [language, count] of hits) {
    if (count > first) {
      second = first;
      first = count;
      best = language;
    } else if (count > second) second = count;
  }
  return first >= MIN_PROFILE_HITS && first > second ? best : undefined;
}
