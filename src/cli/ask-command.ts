import { CliUsageError, type CliIo } from './cli-io';

/** `glassbox ask`: placeholder until its issue lands. */
export function runAskCommand(_args: readonly string[], _io: CliIo): Promise<number> {
  return Promise.reject(new CliUsageError('"glassbox ask" is not available yet.'));
}
