import type { ReasoningUsage as Usage } from '../../markers';

/**
 * The block's footer: the run's token usage summed over its model calls (cached and reasoning
 * tokens when the server reported them). When the server sent no usage the counts are Glassbox's
 * estimate and start with "~" (DESIGN.md 12.1). Nothing for a run without a model call.
 */
export function ReasoningUsage({ usage }: { readonly usage: Usage | undefined }) {
  if (usage === undefined) return null;
  const about = usage.estimated === true ? '~' : '';
  const count = (tokens: number): string => `${about}${tokens.toLocaleString()}`;
  const cached = usage.cachedTokens !== undefined && usage.cachedTokens > 0 ? ` (${usage.cachedTokens.toLocaleString()} cached)` : '';
  const reasoning = usage.reasoningTokens !== undefined && usage.reasoningTokens > 0 ? ` (${usage.reasoningTokens.toLocaleString()} reasoning)` : '';
  return (
    <p className="glassbox-reasoning-usage" data-testid="reasoning-usage" title={usage.estimated === true ? 'Estimated: the server did not report token usage' : undefined}>
      {`Tokens: ${count(usage.promptTokens)} in${cached} / ${count(usage.completionTokens)} out${reasoning}`}
    </p>
  );
}
