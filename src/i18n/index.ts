// The UI's strings in the user's language (DESIGN.md 12.4; docs/decisions/ui-language.md).
export { LANGUAGES, LANGUAGE_LOCALES, languageOf, type Language } from './languages';
export type { CountedKey, MessageKey, MessageTable, PlainKey } from './message-table';
export { formatNumber, inEnglish, setUiLanguage, t, tCount, uiLanguage, uiLocale } from './translate';
export { en as ENGLISH_TABLE } from './tables/en';
export { languageTable, unpackTable, type UnpackedStringsStore } from './language-tables';
