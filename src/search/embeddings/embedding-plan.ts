import { formatNumber, t } from '../../i18n';

// What embedding the vault takes, and its one-sentence description: light enough for main.js
// (the plugin shows it before embedding starts), without the indexer or the client.

/** What embedding the vault would take, shown before it starts. */
export interface EmbeddingPlan {
  readonly notes: number;
  readonly passages: number;
  /** Estimated input tokens (characters / 4). */
  readonly tokens: number;
  /** Estimated price in US dollars, when the model's price is known. */
  readonly costUsd?: number;
}

/** Progress of an embedding run, in passages. */
export interface EmbeddingProgress {
  readonly done: number;
  readonly total: number;
}

/** One sentence for the plan: "412 notes (1,830 passages, about 390,000 tokens, about $0.01)". */
export function describePlan(plan: EmbeddingPlan): string {
  const digits = plan.costUsd !== undefined && plan.costUsd < 0.01 ? 4 : 2;
  const cost = plan.costUsd === undefined ? t('semantic.planNoPrice') : t('semantic.planCost', { cost: formatNumber(plan.costUsd, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }) });
  return t('semantic.plan', { notes: plan.notes, passages: plan.passages, tokens: plan.tokens, cost });
}
