/**
 * The languages the UI speaks (DESIGN.md 12.4), by Obsidian's language codes
 * (`getLanguage()`: "en", "de", "es", "fr", "zh" for Simplified Chinese, "ja", …).
 */
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'zh', 'ja'] as const;

/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** The BCP 47 locale `Intl` formats numbers with for each language. */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = Object.freeze({ en: 'en', de: 'de', es: 'es', fr: 'fr', zh: 'zh-CN', ja: 'ja' });

/**
 * The language for a code as Obsidian (or `--lang`) gives it: its own when there is a table for
 * it ("de", "de-AT", "zh-CN", "ZH"), else English. Traditional Chinese ("zh-TW", "zh-Hant") is
 * not Simplified Chinese and falls back to English too.
 */
export function languageOf(code: string | null | undefined): Language {
  const lower = (code ?? '').trim().toLowerCase().replace(/_/g, '-');
  if (lower === 'zh-tw' || lower === 'zh-hk' || lower.startsWith('zh-hant')) return 'en';
  const base = lower.split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}
