import type { AgentRunResult, AgentSpendingLimits } from '../../agent';
import { runCostAt } from '../../markers';
import type { GlassboxSettings } from '../../settings';
import type { DeviceDaySpend } from './device-day-spend';

/**
 * One run's spending limits from the settings (DESIGN.md 13.4): the model's token limit, its
 * cost limit and the day's budget (both with the model's prices), and the size above which a
 * request asks first: its cost with prices, else its tokens. Undefined when nothing limits it.
 */
export function pluginSpendingLimits(settings: GlassboxSettings, modelName: string, daySpend: DeviceDaySpend): AgentSpendingLimits | undefined {
  const own = <T>(record: Readonly<Record<string, T>>): T | undefined => (Object.hasOwn(record, modelName) ? record[modelName] : undefined);
  const price = own(settings.modelPrices);
  const runTokens = own(settings.runTokenLimits);
  const runCost = price === undefined ? undefined : own(settings.runCostLimits);
  const day = price !== undefined && settings.dailyBudget > 0 ? { budget: settings.dailyBudget, spent: () => daySpend.today() } : undefined;
  const confirmAbove = price !== undefined ? (settings.askAboveCost > 0 ? { cost: settings.askAboveCost } : undefined) : settings.askAboveTokens > 0 ? { tokens: settings.askAboveTokens } : undefined;
  if (runTokens === undefined && runCost === undefined && day === undefined && confirmAbove === undefined) return undefined;
  return {
    ...(runTokens !== undefined ? { runTokens } : {}),
    ...(runCost !== undefined ? { runCost } : {}),
    ...(price !== undefined ? { price } : {}),
    ...(day !== undefined ? { day } : {}),
    ...(confirmAbove !== undefined ? { confirmAbove } : {}),
  };
}

/** Adds what a finished run cost at its model's prices to today's spend; a model without prices adds nothing (its cost is unknown). */
export function recordRunSpend(options: { result: AgentRunResult; settings: GlassboxSettings; modelName: string; daySpend: DeviceDaySpend }): void {
  const { settings, modelName } = options;
  if (!Object.hasOwn(settings.modelPrices, modelName)) return;
  const cost = runCostAt(options.result.payload, settings.modelPrices[modelName]);
  if (cost !== undefined) options.daySpend.add({ amount: cost.amount, estimated: cost.estimated });
}
