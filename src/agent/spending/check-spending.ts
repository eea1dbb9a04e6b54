import { tokensCost, type ModelPrice, type ReasoningModelTurn } from '../../markers';
import type { AgentSpendingLimits, SpendingStop } from './spending-limits';

/** What a run has spent so far: its model calls' tokens and, with a price, their cost. */
export interface RunSpent {
  readonly tokens: number;
  /** Undefined without a price. */
  readonly cost: number | undefined;
  /** Any call's usage was Glassbox's estimate (the server reported none). */
  readonly estimated: boolean;
}

/** Sums the run's model calls: the server's counts where it gave them, the estimate otherwise (then `estimated`). */
export function runSpent(turns: readonly ReasoningModelTurn[], price: ModelPrice | undefined): RunSpent {
  let tokens = 0;
  let cost = 0;
  let estimated = false;
  for (const turn of turns) {
    if (turn.usage === undefined) continue;
    tokens += turn.usage.promptTokens + turn.usage.completionTokens;
    if (price !== undefined) cost += tokensCost(turn.usage.promptTokens, turn.usage.completionTokens, price);
    estimated ||= turn.usage.estimated === true;
  }
  return { tokens, cost: price === undefined ? undefined : cost, estimated };
}


/**
 * Whether the next model call may be sent (DESIGN.md 13.4): its input (`nextTokens`, the
 * estimate the context fit made) added to what the run spent must stay within the run's token
 * limit, its cost within the run's cost limit, and today's spend within the day's budget. The
 * first limit crossed, in that order, is the stop; null when the call may go.
 */
export function checkSpending(options: { limits: AgentSpendingLimits; spent: RunSpent; nextTokens: number }): SpendingStop | null {
  const { limits, spent, nextTokens } = options;
  if (limits.runTokens !== undefined && spent.tokens + nextTokens > limits.runTokens) {
    return { kind: 'run_tokens', limit: limits.runTokens, spent: spent.tokens, spentEstimated: spent.estimated, next: nextTokens };
  }
  const price = limits.price;
  if (price === undefined || spent.cost === undefined) return null;
  const nextCost = tokensCost(nextTokens, 0, price);
  if (limits.runCost !== undefined && spent.cost + nextCost > limits.runCost) {
    return { kind: 'run_cost', limit: limits.runCost, spent: spent.cost, spentEstimated: spent.estimated, next: nextCost };
  }
  if (limits.day !== undefined) {
    const before = limits.day.spent();
    const today = before.amount + spent.cost;
    if (today + nextCost > limits.day.budget) return { kind: 'day_budget', limit: limits.day.budget, spent: today, spentEstimated: spent.estimated || before.estimated, next: nextCost };
  }
  return null;
}
