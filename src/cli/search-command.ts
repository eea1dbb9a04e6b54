import { CliUsageError, type CliIo } from './cli-io';

/** `glassbox search`: placeholder until its issue lands. */
export function runSearchCommand(_args: readonly string[], _io: CliIo): Promise<number> {
  return Promise.reject(new CliUsageError('"glassbox search" is not available yet.'));
}
