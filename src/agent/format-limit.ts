import { inEnglish } from '../i18n';
import { formatDuration } from '../markers';

/** A configured time limit in words for messages (to the model, in English): "30s", "10m", or "20 ms" for tiny test limits. */
export function formatLimit(ms: number): string {
  return ms < 1000 ? `${Math.max(0, Math.round(ms))} ms` : inEnglish(() => formatDuration(ms));
}
