import { t } from '../i18n';

/**
 * Formats a span of time the way the reasoning block and the CLI show it (DESIGN.md 5):
 * under a second "less than a second", under a minute whole seconds ("12s", never "0s"),
 * under an hour "1m 5s", beyond that "1h 2m"; in the UI's language ("1 Min. 5 s", "1分5秒").
 *
 * @example formatDuration(12_400) // "12s"
 * @example formatDuration(65_000) // "1m 5s"
 */
export function formatDuration(ms: number): string {
  // NaN, negative or infinite spans come from clock skew or damaged notes; show the smallest honest value.
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < 1000) return t('duration.underASecond');
  const totalSeconds = Math.floor(safe / 1000);
  if (totalSeconds < 60) return t('duration.seconds', { s: totalSeconds });
  const totalMinutes = Math.floor(totalSeconds / 60);
  if (totalMinutes < 60) {
    const seconds = totalSeconds % 60;
    return seconds === 0 ? t('duration.minutes', { m: totalMinutes }) : t('duration.minutesSeconds', { m: totalMinutes, s: seconds });
  }
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return minutes === 0 ? t('duration.hours', { h: hours }) : t('duration.hoursMinutes', { h: hours, m: minutes });
}
