import { formatCost, formatStepDuration, runCost, type ModelPrices, type ReasoningPayload } from '../../markers';
import { t } from '../../i18n';
import { estimatedUsageTitle, usageText } from './usage-text';

/** Props of {@link ReasoningUsage}. */
export interface ReasoningUsageProps {
  readonly payload: ReasoningPayload | null;
  /** Prices per model from the settings; none, or none for the run's models: no cost shown. */
  readonly prices?: ModelPrices;
}

/**
 * The block's footer: the run summed (DESIGN.md 12.3). Its time once it ended (sent to ended,
 * without the time spent waiting for an answer), its token usage over its model calls (cached
 * and reasoning tokens when the server reported them; Glassbox's estimate starts with "~"), and
 * its cost when the settings give every model it asked a price. Nothing for a run without any.
 */
export function ReasoningUsage({ payload, prices }: ReasoningUsageProps) {
  if (payload === null) return null;
  const usage = payload.usage;
  const parts: string[] = [];
  if (typeof payload.endedAt === 'number' && payload.endedAt >= payload.startedAt) {
    parts.push(t('reasoning.time', { duration: formatStepDuration(payload.endedAt - payload.startedAt - (payload.pausedMs ?? 0)) }));
  }
  if (usage !== undefined) parts.push(t('reasoning.tokens', { usage: usageText(usage) }));
  const cost = prices === undefined ? undefined : runCost(payload, prices);
  if (cost !== undefined) parts.push(t('reasoning.cost', { cost: formatCost(cost) }));
  if (usage === undefined && cost === undefined) return null;
  return (
    <p className="glassbox-reasoning-usage" data-testid="reasoning-usage" title={usage?.estimated === true ? estimatedUsageTitle() : undefined}>
      {parts.join(' · ')}
    </p>
  );
}
