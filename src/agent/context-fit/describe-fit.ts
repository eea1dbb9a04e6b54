import type { FitReport } from './fit-request';

/**
 * The `context` step's line for a request that was made to fit (DESIGN.md 12.1): "Left out 6
 * earlier tool results to fit 8,192 tokens", naming each kind of cut in the order they happen.
 */
export function describeFit(report: FitReport, windowTokens: number): string {
  const left = [
    count(report.earlierToolResults, 'earlier tool result', 'earlier tool results'),
    report.oldestTurns === 1 ? 'the oldest turn' : report.oldestTurns > 1 ? `the ${report.oldestTurns} oldest turns` : '',
    count(report.runToolResults, 'older tool result of this run', 'older tool results of this run'),
  ].filter(Boolean);
  const cut = [...report.attachmentsCut, report.latestToolResultsCut > 0 ? count(report.latestToolResultsCut, 'the latest tool result', 'the latest tool results') : ''].filter(Boolean);
  const parts = [left.length > 0 ? `Left out ${list(left)}` : '', cut.length > 0 ? `${left.length > 0 ? 'cut' : 'Cut'} ${list(cut)}` : ''].filter(Boolean);
  return `${parts.join(' and ')} to fit ${windowTokens.toLocaleString('en-US')} tokens`;
}

function count(value: number, one: string, many: string): string {
  if (value === 0) return '';
  if (one.startsWith('the ')) return value === 1 ? one : `the ${value} ${many.slice(4)}`;
  return `${value} ${value === 1 ? one : many}`;
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}
