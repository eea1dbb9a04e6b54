/**
 * Formats a span of time the way the reasoning block and the CLI show it (DESIGN.md 5):
 * under a second "less than a second", under a minute whole seconds ("12s", never "0s"),
 * under an hour "1m 5s", beyond that "1h 2m".
 *
 * @example formatDuration(12_400) // "12s"
 * @example formatDuration(65_000) // "1m 5s"
 */
export function formatDuration(ms: number): string {
  // NaN, negative or infinite spans come from clock skew or damaged notes; show the smallest honest value.
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < 1000) return 'less than a second';
  const totalSeconds = Math.floor(safe / 1000);
  if (totalSeconds < 60) return `${totalSeconds}s`;
  const totalMinutes = Math.floor(totalSeconds / 60);
  if (totalMinutes < 60) {
    const seconds = totalSeconds % 60;
    return seconds === 0 ? `${totalMinutes}m` : `${totalMinutes}m ${seconds}s`;
  }
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return minutes === 0 ? `${hours}h` : `${hours}h ${minutes}m`;
}
