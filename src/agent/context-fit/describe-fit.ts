import { formatNumber, t, tCount } from '../../i18n';
import type { FitReport } from './fit-request';

/**
 * The `context` step's line for a request that was made to fit (DESIGN.md 12.1): "Left out 6
 * earlier tool results to fit 8,192 tokens", naming each kind of cut in the order they happen,
 * in the UI's language (the CLI sets none: English).
 */
export function describeFit(report: FitReport, windowTokens: number): string {
  const left = [
    report.earlierToolResults > 0 ? tCount('fit.earlierToolResults', report.earlierToolResults) : '',
    report.oldestTurns > 0 ? tCount('fit.oldestTurns', report.oldestTurns) : '',
    report.runToolResults > 0 ? tCount('fit.runToolResults', report.runToolResults) : '',
  ].filter(Boolean);
  const cut = [...report.attachmentsCut, report.latestToolResultsCut > 0 ? tCount('fit.latestToolResults', report.latestToolResultsCut) : ''].filter(Boolean);
  const what = left.length > 0 && cut.length > 0 ? t('fit.leftOutAndCut', { left: list(left), cut: list(cut) }) : left.length > 0 ? t('fit.leftOut', { items: list(left) }) : t('fit.cut', { items: list(cut) });
  return t('fit.toFit', { what, tokens: formatNumber(windowTokens) });
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(t('list.separator'))}${t('list.lastSeparator')}${items.at(-1) ?? ''}`;
}
