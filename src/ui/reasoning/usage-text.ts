import type { ReasoningUsage } from '../../markers';
import { formatNumber, t } from '../../i18n';

/**
 * Token usage as the trace says it: "812 in / 64 out", with the cached and reasoning tokens the
 * server reported ("900 in (512 cached) / 120 out (80 reasoning)"); Glassbox's estimate starts
 * each count with "~" (DESIGN.md 12.1).
 */
export function usageText(usage: ReasoningUsage): string {
  const about = usage.estimated === true ? '~' : '';
  const count = (tokens: number): string => `${about}${formatNumber(tokens)}`;
  const cached = usage.cachedTokens !== undefined && usage.cachedTokens > 0 ? t('reasoning.usageCached', { count: usage.cachedTokens }) : '';
  const reasoning = usage.reasoningTokens !== undefined && usage.reasoningTokens > 0 ? t('reasoning.usageReasoning', { count: usage.reasoningTokens }) : '';
  return t('reasoning.usageCounts', { input: count(usage.promptTokens), cached, output: count(usage.completionTokens), reasoning });
}

/** The tooltip of an estimated count. */
export function estimatedUsageTitle(): string {
  return t('reasoning.usageEstimated');
}
