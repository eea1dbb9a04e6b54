import { runCost, runCostAt, type ModelPrice, type ModelPrices, type ReasoningPayload, type RunCost } from '../markers';

/** Prices as a trace reader gets them: by model (the plugin's settings) or one for every call (the CLI's flags). */
export type TracePrices = ModelPrices | ModelPrice;

/** The price of one model's calls, if any. */
export function priceFor(model: string, prices: TracePrices | undefined): ModelPrice | undefined {
  if (prices === undefined) return undefined;
  if (isOnePrice(prices)) return prices;
  return Object.hasOwn(prices, model) ? prices[model] : undefined;
}

/** A run's cost at these prices; nothing without prices or when a call of the run has no usage or price. */
export function costOfRun(payload: ReasoningPayload, prices: TracePrices | undefined): RunCost | undefined {
  if (prices === undefined) return undefined;
  return isOnePrice(prices) ? runCostAt(payload, prices) : runCost(payload, prices);
}

function isOnePrice(prices: TracePrices): prices is ModelPrice {
  return typeof (prices as ModelPrice).inputPerMillion === 'number' && typeof (prices as ModelPrice).outputPerMillion === 'number';
}
