import type { ReasoningModelTurn, ReasoningPayload, ReasoningUsage } from './reasoning-payload';

/**
 * A payload's model calls that can be read: a note from before they were kept has none, and an
 * entry of another shape (a newer version, a hand edit) is skipped rather than trusted.
 */
export function modelTurnsOf(payload: ReasoningPayload | null | undefined): ReasoningModelTurn[] {
  const turns: unknown = payload?.turns;
  if (!Array.isArray(turns)) return [];
  return turns.filter((turn): turn is ReasoningModelTurn => isRecord(turn) && isCount(turn.at) && isCount(turn.durationMs) && (turn.usage === undefined || isUsage(turn.usage)));
}

/** Usage that can be read: two counts, and the optional ones counts too. */
export function isUsage(usage: unknown): usage is ReasoningUsage {
  return (
    isRecord(usage) &&
    isCount(usage.promptTokens) &&
    isCount(usage.completionTokens) &&
    (usage.reasoningTokens === undefined || isCount(usage.reasoningTokens)) &&
    (usage.cachedTokens === undefined || isCount(usage.cachedTokens))
  );
}

/** Usage summed over model calls; estimated when any of them was. */
export function sumUsage(usages: readonly ReasoningUsage[]): ReasoningUsage | undefined {
  if (usages.length === 0) return undefined;
  const total = (pick: (usage: ReasoningUsage) => number | undefined): number | undefined =>
    usages.some((usage) => pick(usage) !== undefined) ? usages.reduce((sum, usage) => sum + (pick(usage) ?? 0), 0) : undefined;
  const reasoningTokens = total((usage) => usage.reasoningTokens);
  const cachedTokens = total((usage) => usage.cachedTokens);
  return {
    promptTokens: total((usage) => usage.promptTokens) ?? 0,
    completionTokens: total((usage) => usage.completionTokens) ?? 0,
    ...(reasoningTokens !== undefined ? { reasoningTokens } : {}),
    ...(cachedTokens !== undefined ? { cachedTokens } : {}),
    ...(usages.some((usage) => usage.estimated === true) ? { estimated: true as const } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
