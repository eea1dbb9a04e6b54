import { useCallback, useSyncExternalStore } from 'react';
import { formatCost } from '../../markers';
import { t } from '../../i18n';
import type { SpentTodaySource } from '../host-services';
import { useChatServices } from './chat-services';

const NOTHING: SpentTodaySource = Object.freeze({ current: () => null, subscribe: () => () => undefined });

/**
 * "Spent today: $0.42 of $2.00" above the composer (DESIGN.md 13.4), while a daily budget is set:
 * what this device's answers cost today (all sessions, "~" when any of it was estimated), and
 * the budget. It follows each run's end and a change of the budget.
 */
export function SpentToday() {
  const source = useChatServices().host.spentToday ?? NOTHING;
  const subscribe = useCallback((listener: () => void) => source.subscribe(listener), [source]);
  const today = useSyncExternalStore(subscribe, useCallback(() => source.current(), [source]));
  if (today === null) return null;
  const over = today.spent.amount >= today.budget;
  return (
    <div className="glassbox-spent-today" data-testid="spent-today" data-over-budget={over ? 'true' : undefined}>
      {t('chat.spentToday', { spent: formatCost(today.spent), budget: formatCost({ amount: today.budget, estimated: false }) })}
    </div>
  );
}
