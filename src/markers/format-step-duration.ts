import { formatNumber, t } from '../i18n';

/**
 * A step's duration for the trace's details (a tool call, a model turn): finer than the block's
 * header (`formatDuration`), since steps are short: "40 ms", "1.2 s", "75 s" (in German "1,2 s").
 */
export function formatStepDuration(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < 1000) return t('duration.stepMilliseconds', { ms: Math.round(safe) });
  if (safe < 10_000) return t('duration.stepSeconds', { s: formatNumber(Number((safe / 1000).toFixed(1)), { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
  return t('duration.stepSeconds', { s: Math.round(safe / 1000) });
}
