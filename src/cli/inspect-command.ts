import { CliUsageError, type CliIo } from './cli-io';

/** `glassbox inspect`: placeholder until its issue lands. */
export function runInspectCommand(_args: readonly string[], _io: CliIo): Promise<number> {
  return Promise.reject(new CliUsageError('"glassbox inspect" is not available yet.'));
}
