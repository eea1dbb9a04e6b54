import type { ReasoningUsage } from '../../markers';

/**
 * Token usage as the trace says it: "812 in / 64 out", with the cached and reasoning tokens the
 * server reported ("900 in (512 cached) / 120 out (80 reasoning)"); Glassbox's estimate starts
 * each count with "~" (DESIGN.md 12.1).
 */
export function usageText(usage: ReasoningUsage): string {
  const about = usage.estimated === true ? '~' : '';
  const count = (tokens: number): string => `${about}${tokens.toLocaleString()}`;
  const cached = usage.cachedTokens !== undefined && usage.cachedTokens > 0 ? ` (${usage.cachedTokens.toLocaleString()} cached)` : '';
  const reasoning = usage.reasoningTokens !== undefined && usage.reasoningTokens > 0 ? ` (${usage.reasoningTokens.toLocaleString()} reasoning)` : '';
  return `${count(usage.promptTokens)} in${cached} / ${count(usage.completionTokens)} out${reasoning}`;
}

/** The tooltip of an estimated count. */
export const ESTIMATED_USAGE_TITLE = 'Estimated: the server did not report token usage';
