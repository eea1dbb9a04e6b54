import { modelTurnsOf } from './model-turns';
import type { ReasoningModelTurn, ReasoningPayload } from './reasoning-payload';
import { t } from '../i18n';

/** What a model costs, as the user entered it in the settings: per million tokens (DESIGN.md 12.3). */
export interface ModelPrice {
  /** Price of a million prompt tokens. */
  readonly inputPerMillion: number;
  /** Price of a million completion tokens. */
  readonly outputPerMillion: number;
}

/** Prices by model name. A model not listed has no price, and a run that used it shows no cost. */
export type ModelPrices = Readonly<Record<string, ModelPrice>>;

/** A run's cost; `estimated` when any turn's tokens were Glassbox's estimate. */
export interface RunCost {
  readonly amount: number;
  readonly estimated: boolean;
}

/**
 * What a run cost at the user's prices: each model turn's tokens at its model's price. Nothing
 * (rather than a part of the sum) when a turn has no usage, no model, or a model without a
 * price, or when the run kept no turns (notes from before turns were kept). No price is
 * built in: prices change, so only the settings give them.
 */
export function runCost(payload: ReasoningPayload | null | undefined, prices: ModelPrices): RunCost | undefined {
  return costOf(payload, (turn) => (typeof turn.model === 'string' && Object.hasOwn(prices, turn.model) ? prices[turn.model] : undefined));
}

/** What a run cost at one price for all its turns (the CLI's `--price-in`/`--price-out`, given for the note's runs). */
export function runCostAt(payload: ReasoningPayload | null | undefined, price: ModelPrice): RunCost | undefined {
  return costOf(payload, () => price);
}

function costOf(payload: ReasoningPayload | null | undefined, priceOf: (turn: ReasoningModelTurn) => ModelPrice | undefined): RunCost | undefined {
  const turns = modelTurnsOf(payload);
  if (turns.length === 0) return undefined;
  let amount = 0;
  let estimated = false;
  for (const turn of turns) {
    const price = priceOf(turn);
    if (price === undefined || turn.usage === undefined) return undefined;
    amount += tokensCost(turn.usage.promptTokens, turn.usage.completionTokens, price);
    estimated ||= turn.usage.estimated === true;
  }
  return { amount, estimated };
}

/** Dollars of so many input and output tokens at a price per million: THE price formula (runs, limits, traces). */
export function tokensCost(inputTokens: number, outputTokens: number, price: ModelPrice): number {
  return (inputTokens * price.inputPerMillion + outputTokens * price.outputPerMillion) / 1_000_000;
}

/**
 * A cost at a glance, in the prices' currency (US dollars, as providers list them): "$1.24",
 * "$0.034", "$0.0031" (two significant digits under a dollar), "less than $0.0001", a free
 * model "$0.00"; "~" when estimated.
 */
export function formatCost(cost: RunCost): string {
  const about = cost.estimated ? '~' : '';
  if (cost.amount > 0 && cost.amount < 0.0001) return `${about}${t('cost.lessThan', { cost: '$0.0001' })}`;
  const significant = Number(cost.amount.toPrecision(2)).toString();
  // Cents always show: "$0.50", not "$0.5".
  const digits = cost.amount >= 1 || (significant.split('.')[1] ?? '').length < 2 ? cost.amount.toFixed(2) : significant;
  return `${about}$${digits}`;
}

/** A price as the settings read it: two amounts, none negative. */
export function isModelPrice(value: unknown): value is ModelPrice {
  if (value === null || typeof value !== 'object') return false;
  const { inputPerMillion, outputPerMillion } = value as Record<string, unknown>;
  const amount = (number: unknown): boolean => typeof number === 'number' && Number.isFinite(number) && number >= 0;
  return amount(inputPerMillion) && amount(outputPerMillion);
}
