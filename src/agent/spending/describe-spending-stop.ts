import { formatNumber, t } from '../../i18n';
import { formatCost } from '../../markers';
import type { SpendingStop } from './spending-limits';

/**
 * The one sentence a run stopped by a spending limit ends with (DESIGN.md 13.4): the limit, what
 * was spent, and the request that was not sent. The request is always an estimate ("~"); what
 * was spent is exact only when the server counted every call, and otherwise is marked "~" and
 * says the server reports no usage.
 *
 * @example describeSpendingStop({ kind: 'run_tokens', limit: 5000, spent: 4210, spentEstimated: false, next: 1300 })
 * // "Stopped at the run's token limit of 5,000 tokens: 4,210 tokens spent, and the next request (~1,300 tokens) would cross it."
 */
export function describeSpendingStop(stop: SpendingStop): string {
  switch (stop.kind) {
    case 'run_tokens': {
      const spent = t('spending.tokens', { tokens: `${stop.spentEstimated ? '~' : ''}${formatNumber(stop.spent)}` });
      return t('spending.stopRunTokens', { limit: t('spending.tokens', { tokens: formatNumber(stop.limit) }), spent: spentText(spent, stop.spentEstimated), next: t('spending.tokens', { tokens: `~${formatNumber(stop.next)}` }) });
    }
    case 'run_cost':
    case 'day_budget': {
      const key = stop.kind === 'run_cost' ? 'spending.stopRunCost' : 'spending.stopDayBudget';
      return t(key, { limit: formatCost({ amount: stop.limit, estimated: false }), spent: spentText(formatCost({ amount: stop.spent, estimated: stop.spentEstimated }), stop.spentEstimated), next: formatCost({ amount: stop.next, estimated: true }) });
    }
    case 'declined':
      return t('spending.stopDeclined', { size: requestSize(stop.tokens, stop.cost) });
    default: {
      const unreachable: never = stop;
      return String(unreachable);
    }
  }
}

/** "~62,000 tokens (~$0.62)": the size of a request, always estimated. */
export function requestSize(tokens: number, cost: number | undefined): string {
  const shown = t('spending.tokens', { tokens: `~${formatNumber(tokens)}` });
  return cost === undefined ? shown : `${shown} (${formatCost({ amount: cost, estimated: true })})`;
}

function spentText(amount: string, estimated: boolean): string {
  return estimated ? t('spending.spentEstimated', { amount }) : amount;
}
