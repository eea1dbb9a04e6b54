import { inEnglish, t } from '../i18n';
import { formatDuration } from '../markers';

/** A configured time limit in words for messages (to the model, in English): "30s", "10m", or "20 ms" for tiny test limits. */
export function formatLimit(ms: number): string {
  return ms < 1000 ? `${Math.max(0, Math.round(ms))} ms` : inEnglish(() => formatDuration(ms));
}

/** The same limit in the UI's language, for a line the user reads ("10 Min."; English as {@link formatLimit}). */
export function shownLimit(ms: number): string {
  return ms < 1000 ? t('duration.stepMilliseconds', { ms: Math.max(0, Math.round(ms)) }) : formatDuration(ms);
}
