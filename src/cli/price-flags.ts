import type { ModelPrice } from '../markers';
import { CliUsageError } from './cli-io';
import { readPriceAmount } from './price-amount';

/** `--price-in USD --price-out USD`, the flags of every command that prices runs. */
export const PRICE_FLAGS = {
  'price-in': { value: 'USD', description: 'What a million input tokens cost.', defaultValue: 'GLASSBOX_PRICE_IN' },
  'price-out': { value: 'USD', description: 'What a million output tokens cost.', defaultValue: 'GLASSBOX_PRICE_OUT' },
} as const;

/**
 * The price from the flags, else from `GLASSBOX_PRICE_IN`/`GLASSBOX_PRICE_OUT` (flags win; `env`
 * null: the flags only, for `inspect`, whose prices price one view): both or neither, each an amount
 * in US dollars per million tokens; anything else is a usage error that names where the wrong value came from.
 */
export function readPriceFlags(flags: { readonly 'price-in'?: string; readonly 'price-out'?: string }, env: Readonly<Record<string, string | undefined>> | null): ModelPrice | undefined {
  const input = priceText({ flag: flags['price-in'], flagName: '--price-in', variable: env?.GLASSBOX_PRICE_IN, variableName: 'GLASSBOX_PRICE_IN' });
  const output = priceText({ flag: flags['price-out'], flagName: '--price-out', variable: env?.GLASSBOX_PRICE_OUT, variableName: 'GLASSBOX_PRICE_OUT' });
  if (input === undefined && output === undefined) return undefined;
  const orEnvironment = env === null ? '' : ', or GLASSBOX_PRICE_IN and GLASSBOX_PRICE_OUT';
  if (input === undefined || output === undefined) throw new CliUsageError(`Give both prices: "--price-in USD --price-out USD" (per million tokens)${orEnvironment}.`);
  return { inputPerMillion: readPriceAmount(input.name, input.text), outputPerMillion: readPriceAmount(output.name, output.text) };
}

/** A price as given: the flag wins over the environment variable; the name is the one the message says. */
function priceText(options: { flag: string | undefined; flagName: string; variable: string | undefined; variableName: string }): { name: string; text: string } | undefined {
  if (options.flag !== undefined) return { name: options.flagName, text: options.flag };
  return options.variable !== undefined && options.variable.trim() !== '' ? { name: options.variableName, text: options.variable } : undefined;
}
