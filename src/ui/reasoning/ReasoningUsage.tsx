import type { ReasoningUsage as Usage } from '../../markers';

/**
 * The block's footer: the run's token usage summed over its model calls, when the endpoint
 * reported it (`stream_options.include_usage`); nothing when it did not, rather than a guess.
 */
export function ReasoningUsage({ usage }: { readonly usage: Usage | undefined }) {
  if (usage === undefined) return null;
  const count = (tokens: number): string => tokens.toLocaleString();
  return (
    <p className="glassbox-reasoning-usage" data-testid="reasoning-usage">
      {`Tokens: ${count(usage.promptTokens)} in / ${count(usage.completionTokens)} out`}
    </p>
  );
}
