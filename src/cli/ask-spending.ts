import type { AgentSpendingLimits } from '../agent';
import { CliUsageError } from './cli-io';
import { readPriceAmount } from './price-amount';

/** `glassbox ask`'s spending flags (DESIGN.md 13.4), spread into its flag table. */
export const SPENDING_FLAGS = {
  'max-run-tokens': { value: 'N', description: 'Most tokens the run may use (input and output of every model call); a call that would cross it is not sent.', defaultValue: 'no limit' },
  'max-cost': { value: 'USD', description: 'Most the run may cost, in US dollars; needs the prices.', defaultValue: 'no limit' },
  'price-in': { value: 'USD', description: 'What a million input tokens cost.', defaultValue: 'GLASSBOX_PRICE_IN' },
  'price-out': { value: 'USD', description: 'What a million output tokens cost.', defaultValue: 'GLASSBOX_PRICE_OUT' },
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
  const input = priceText({ flag: flags['price-in'], flagName: '--price-in', variable: env.GLASSBOX_PRICE_IN, variableName: 'GLASSBOX_PRICE_IN' });
  const output = priceText({ flag: flags['price-out'], flagName: '--price-out', variable: env.GLASSBOX_PRICE_OUT, variableName: 'GLASSBOX_PRICE_OUT' });
  if ((input === undefined) !== (output === undefined)) throw new CliUsageError('Give both prices: "--price-in USD --price-out USD" (per million tokens), or GLASSBOX_PRICE_IN and GLASSBOX_PRICE_OUT.');
  const price = input === undefined || output === undefined ? undefined : { inputPerMillion: readPriceAmount(input.name, input.text), outputPerMillion: readPriceAmount(output.name, output.text) };
  if (runCost !== undefined && price === undefined) throw new CliUsageError('--max-cost needs the model\'s prices to count the cost: add --price-in USD --price-out USD (per million tokens) or set GLASSBOX_PRICE_IN and GLASSBOX_PRICE_OUT.');
  if (runTokens === undefined && runCost === undefined) return undefined;
  return { ...(runTokens !== undefined ? { runTokens } : {}), ...(runCost !== undefined ? { runCost } : {}), ...(price !== undefined ? { price } : {}) };
}

/** A price as given: the flag wins over the environment variable; the name is the one the message says. */
function priceText(options: { flag: string | undefined; flagName: string; variable: string | undefined; variableName: string }): { name: string; text: string } | undefined {
  if (options.flag !== undefined) return { name: options.flagName, text: options.flag };
  return options.variable !== undefined && options.variable.trim() !== '' ? { name: options.variableName, text: options.variable } : undefined;
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
