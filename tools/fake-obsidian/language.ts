/**
 * Obsidian's `getLanguage()` (since 1.8.7): the app's language code, "en" unless the user chose
 * another in Settings → General. The fake starts in English; `setFakeLanguage` (fake-only) stands
 * in for that choice — tests and the playground's `--lang` set it before the plugin loads, as
 * Obsidian applies a language change only on restart.
 */
let language = 'en';

export function getLanguage(): string {
  return language;
}

/** Fake-only: the language `getLanguage()` reports from now on. */
export function setFakeLanguage(code: string): void {
  language = code;
}
