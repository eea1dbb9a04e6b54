import { t } from '../../i18n';

/** The window sources that are words rather than a server's endpoint ("llama.cpp /props" reads the same in any language). */
const WORDED_SOURCES = {
  setting: 'window.sourceSetting',
  'Ollama default': 'window.sourceOllamaDefault',
  'default for a local server': 'window.sourceLocalDefault',
  'default for a hosted API': 'window.sourceHostedDefault',
} as const;

/**
 * Where a context window came from, as a line for the user reads it: a worded source in the UI's
 * language, an endpoint as it is. `ContextWindow.source` itself stays English (`ask --events jsonl`,
 * the checks that compare it).
 */
export function windowSourceLabel(source: string): string {
  return Object.hasOwn(WORDED_SOURCES, source) ? t(WORDED_SOURCES[source as keyof typeof WORDED_SOURCES]) : source;
}
