import type { ModelPrice } from '../markers';
import { CliUsageError } from './cli-io';

/** `--price-in USD --price-out USD`, the flags of every command that prices runs. */
export const PRICE_FLAGS = {
  'price-in': { value: 'USD', description: 'What a million input tokens cost (with --price-out).', defaultValue: 'GLASSBOX_PRICE_IN' },
  'price-out': { value: 'USD', description: 'What a million output tokens cost (with --price-in).', defaultValue: 'GLASSBOX_PRICE_OUT' },
} as const;

/**
 * The price from the flags, or else from `GLASSBOX_PRICE_IN`/`GLASSBOX_PRICE_OUT`: both or
 * neither, each an amount in US dollars per million tokens; anything else is a usage error.
 */
export function readPriceFlags(flags: { readonly 'price-in'?: string; readonly 'price-out'?: string }, env: Readonly<Record<string, string | undefined>>): ModelPrice | undefined {
  const fromFlags = flags['price-in'] !== undefined || flags['price-out'] !== undefined;
  const input = fromFlags ? flags['price-in'] : nonEmpty(env.GLASSBOX_PRICE_IN);
  const output = fromFlags ? flags['price-out'] : nonEmpty(env.GLASSBOX_PRICE_OUT);
  if (input === undefined && output === undefined) return undefined;
  if (input === undefined || output === undefined) throw new CliUsageError('Give both prices: "--price-in USD --price-out USD" (per million tokens).');
  const [inputPerMillion, outputPerMillion] = [Number(input), Number(output)];
  for (const [flag, text, amount] of [['--price-in', input, inputPerMillion], ['--price-out', output, outputPerMillion]] as const) {
    if (text.trim() === '' || !(amount >= 0) || !Number.isFinite(amount)) throw new CliUsageError(`${flag} needs an amount in US dollars per million tokens, like 2.5; got "${text}".`);
  }
  return { inputPerMillion, outputPerMillion };
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text;
}
