import type { AgentSpendingLimits } from '../agent';
import { CliUsageError } from './cli-io';
import { PRICE_FLAGS, readPriceFlags } from './price-flags';

/** `glassbox ask`'s spending flags (DESIGN.md 13.4), spread into its flag table. */
export const SPENDING_FLAGS = {
  'max-run-tokens': { value: 'N', description: 'Most tokens the run may use (input and output of every model call); a call that would cross it is not sent.', defaultValue: 'no limit' },
  'max-cost': { value: 'USD', description: 'Most the run may cost, in US dollars; needs the prices.', defaultValue: 'no limit' },
  ...PRICE_FLAGS,
} as const;

/**
 * The run's limits from `--max-run-tokens`, `--max-cost` and the prices (`--price-in` /
 * `--price-out`, else `GLASSBOX_PRICE_IN` / `GLASSBOX_PRICE_OUT`; flags win). Undefined when no
 * limit is given. `--max-cost` without both prices is a usage error: the cost cannot be counted.
 */
export function readSpendingLimits(options: {
  flags: { readonly 'max-run-tokens'?: string; readonly 'max-cost'?: string; readonly 'price-in'?: string; readonly 'price-out'?: string };
  env: Readonly<Record<string, string | undefined>>;
}): AgentSpendingLimits | undefined {
  const { flags, env } = options;
  const runTokens = flags['max-run-tokens'] === undefined ? undefined : readTokens(flags['max-run-tokens']);
  const runCost = flags['max-cost'] === undefined ? undefined : readCost(flags['max-cost']);
  const price = readPriceFlags(flags, env);
  if (runCost !== undefined && price === undefined) throw new CliUsageError('--max-cost needs the model\'s prices to count the cost: add --price-in USD --price-out USD (per million tokens) or set GLASSBOX_PRICE_IN and GLASSBOX_PRICE_OUT.');
  if (runTokens === undefined && runCost === undefined) return undefined;
  return { ...(runTokens !== undefined ? { runTokens } : {}), ...(runCost !== undefined ? { runCost } : {}), ...(price !== undefined ? { price } : {}) };
}

function readTokens(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1) throw new CliUsageError(`--max-run-tokens must be a whole number of tokens, 1 or more, not "${text}".`);
  return value;
}

function readCost(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) throw new CliUsageError(`--max-cost needs an amount in US dollars above 0, like 0.05; got "${text}".`);
  return value;
}
