import { foldText } from '../fold-text';
import { LANGUAGES, PROFILE_WORDS, type Language } from './language-profiles';

/** Characters of a note looked at to tell its language: enough for a few paragraphs. */
const SAMPLE_CHARS = 4000;
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

const SCRIPT_LANGUAGES: readonly [RegExp, Language][] = [
  [/[\u0e00-\u0e7f]/g, 'th'],
  [/[\u1780-\u17ff]/g, 'km'],
  [/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/g, 'ko'],
  [/[\u3040-\u30ff]/g, 'ja'],
  [/[\u3400-\u4dbf\u4e00-\u9fff]/g, 'zh'],
  [/[\u0400-\u04ff]/g, 'ru'],
  [/[\u0370-\u03ff\u1f00-\u1fff]/g, 'el'],
  [/[\u0600-\u06ff]/g, 'ar'],
  [/[\u0590-\u05ff]/g, 'he'],
  [/[\u0900-\u097f]/g, 'hi'],
  [/[\u0980-\u09ff]/g, 'bn'],
];

/**
 * The language of a text: by script where a script belongs to one language (Thai, Khmer,
 * Korean, Greek, Hebrew…), by kana for Japanese against Chinese, by letters only Ukrainian or
 * Persian use, and for Latin script by which language's most frequent words it uses.
 * Undefined when nothing is clear (a short list, a table of numbers).
 */
export function detectLanguage(text: string): Language | undefined {
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  const latin = (sample.match(/[a-zA-Z\u00c0-\u024f]/g) ?? []).length;
  let best: Language | undefined;
  let bestCount = 0;
  for (const [pattern, language] of SCRIPT_LANGUAGES) {
    const count = (sample.match(pattern) ?? []).length;
    if (count > bestCount) {
      best = language;
      bestCount = count;
    }
  }
  if (best !== undefined && bestCount >= latin / 2) {
    if (best === 'zh' && /[\u3040-\u30ff]/.test(sample)) return 'ja';
    if (best === 'ja' && bestCount < 3) return 'zh';
    if (best === 'ru' && /[ієїґ]/i.test(sample)) return 'uk';
    if (best === 'ar' && /[پچژگ]/.test(sample)) return 'fa';
    return best;
  }
  return latin > 0 ? latinLanguage(sample) : undefined;
}

/** The Latin-script language whose profile words the text uses most, when one clearly leads. */
export function latinLanguage(text: string): Language | undefined {
  const index = profiles();
  const hits = new Map<Language, number>();
  for (const word of foldText(text).split(/[^\p{L}\p{M}]+/u)) {
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
