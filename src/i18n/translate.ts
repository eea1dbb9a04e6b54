import { LANGUAGE_LOCALES, languageOf, type Language } from './languages';
import { languageTable, type UnpackedStringsStore } from './language-tables';
import type { CountedArgs, CountedKey, MessageArgs, MessageKey, MessageTable } from './message-table';

/**
 * The UI's language, once per process: Obsidian applies a language change after a restart, so
 * the plugin sets it at load (`setUiLanguage(getLanguage())`) and every string after that comes
 * from its table. The CLI never sets it: its output is English.
 */
interface UiLanguageState {
  readonly language: Language;
  readonly table: MessageTable;
  /** Made when first asked for: building Intl objects costs milliseconds, and `onload` needs only strings. */
  readonly numbers: () => Intl.NumberFormat;
  readonly plurals: () => Intl.PluralRules;
}

// Made on first use, not at module load: a bundle that imports the markers but shows no
// string (the index worker) then leaves the tables out.
let current: UiLanguageState | null = null;
let english: UiLanguageState | null = null;

function active(): UiLanguageState {
  current ??= state('en');
  return current;
}

function state(language: Language, store?: UnpackedStringsStore): UiLanguageState {
  const locale = LANGUAGE_LOCALES[language];
  let numbers: Intl.NumberFormat | null = null;
  let plurals: Intl.PluralRules | null = null;
  return {
    language,
    table: languageTable(language, store),
    numbers: () => (numbers ??= new Intl.NumberFormat(locale)),
    plurals: () => (plurals ??= new Intl.PluralRules(locale)),
  };
}

/**
 * Chooses the table for an Obsidian language code (unknown codes: English); returns the language
 * chosen. `store` keeps the table's strings unpacked between launches (the plugin's local storage).
 */
export function setUiLanguage(code: string | null | undefined, store?: UnpackedStringsStore): Language {
  const language = languageOf(code);
  if (language !== active().language) current = state(language, store);
  return language;
}

/**
 * Runs `words` with the English table, then goes back: for text the model reads (tool results,
 * limits), which stays English whatever the UI's language. `words` must not await.
 */
export function inEnglish<T>(words: () => T): T {
  const previous = active();
  if (previous.language === 'en') return words();
  english ??= state('en');
  current = english;
  try {
    return words();
  } finally {
    current = previous;
  }
}

/** The language strings come in now. */
export function uiLanguage(): Language {
  return active().language;
}

/** The locale `Intl` formats with now ("de", "zh-CN", …). */
export function uiLocale(): string {
  return LANGUAGE_LOCALES[active().language];
}

/** A number as the UI's language writes it ("12,345" in English, "12.345" in German). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return options === undefined ? active().numbers().format(value) : numberFormat(options).format(value);
}

// Formats with options are made once per locale and options: building an Intl.NumberFormat costs
// far more than using one, and token counts are formatted on every render of a live trace.
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = uiLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * The string of `key` in the UI's language, its `{name}` placeholders filled (numbers formatted
 * for the language). Typed: the key must be in the English table and every placeholder given.
 *
 * @example t('chat.newChat') // "New chat", "Neuer Chat", …
 * @example t('answer.insertedInto', { path: 'Notes/a.md' })
 */
export function t<K extends MessageKey>(key: K, ...args: MessageArgs<K>): string {
  return fill(active().table[key] ?? key, args[0]);
}

/**
 * The form of a counted string for `count` (`<key>.one` or `<key>.other`, by the language's
 * plural rules), with `{count}` and any other placeholders filled.
 *
 * @example tCount('history.messages', 3) // "3 messages"
 */
export function tCount<Base extends CountedKey>(base: Base, count: number, ...args: CountedArgs<Base>): string {
  const { plurals, table } = active();
  const form = plurals().select(count) === 'one' ? 'one' : 'other';
  const key = `${base}.${form}` as MessageKey;
  return fill(table[key] ?? key, { ...(args[0] ?? {}), count });
}

function fill(text: string, values: Readonly<Record<string, string | number>> | undefined): string {
  if (values === undefined) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) return whole;
    return typeof value === 'number' ? active().numbers().format(value) : value;
  });
}
