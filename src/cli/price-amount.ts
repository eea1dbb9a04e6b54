import { CliUsageError } from './cli-io';

/** A price flag's value (`--price-in 2.5`): US dollars per million tokens, zero or more. */
export function readPriceAmount(flag: string, text: string): number {
  const amount = Number(text);
  if (text.trim() === '' || !(amount >= 0) || !Number.isFinite(amount)) throw new CliUsageError(`${flag} needs an amount in US dollars per million tokens, like 2.5; got "${text}".`);
  return amount;
}
