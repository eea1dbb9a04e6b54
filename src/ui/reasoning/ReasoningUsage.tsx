import type { ReasoningUsage as Usage } from '../../markers';
import { formatNumber, t } from '../../i18n';

/**
 * The block's footer: the run's token usage summed over its model calls (cached and reasoning
 * tokens when the server reported them). When the server sent no usage the counts are Glassbox's
 * estimate and start with "~" (DESIGN.md 12.1). Nothing for a run without a model call.
 */
export function ReasoningUsage({ usage }: { readonly usage: Usage | undefined }) {
  if (usage === undefined) return null;
  const about = usage.estimated === true ? '~' : '';
  const count = (tokens: number): string => `${about}${formatNumber(tokens)}`;
  const cached = usage.cachedTokens !== undefined && usage.cachedTokens > 0 ? t('reasoning.usageCached', { count: usage.cachedTokens }) : '';
  const reasoning = usage.reasoningTokens !== undefined && usage.reasoningTokens > 0 ? t('reasoning.usageReasoning', { count: usage.reasoningTokens }) : '';
  return (
    <p className="glassbox-reasoning-usage" data-testid="reasoning-usage" title={usage.estimated === true ? t('reasoning.usageEstimated') : undefined}>
      {t('reasoning.usage', { input: count(usage.promptTokens), cached, output: count(usage.completionTokens), reasoning })}
    </p>
  );
}
