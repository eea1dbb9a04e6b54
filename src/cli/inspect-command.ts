import { CliUsageError, type CliIo } from './cli-io';
import { runInspectMessage } from './inspect-message';
import { runInspectNote } from './inspect-note';

const USAGE_HINT = 'Run "glassbox inspect NOTE.md" or "glassbox inspect --message FILE".';

/** What `glassbox inspect` was asked to read. */
export type InspectTarget = { readonly mode: 'message'; readonly file: string } | { readonly mode: 'note'; readonly file: string };

/**
 * `glassbox inspect`: parses its arguments and hands the file to the mode's runner.
 * Exit status: 0 printed, 1 the file could not be read, 2 bad usage (DESIGN.md 8).
 */
export async function runInspectCommand(args: readonly string[], io: CliIo): Promise<number> {
  const target = parseInspectArgs(args);
  switch (target.mode) {
    case 'message':
      return runInspectMessage(target.file, io);
    case 'note':
      return runInspectNote(target.file, io);
    default: {
      const unreachable: never = target;
      return unreachable;
    }
  }
}

/** Reads `--message FILE` (also `--message=FILE`) or a single `NOTE.md`; anything else is a usage error. */
export function parseInspectArgs(args: readonly string[]): InspectTarget {
  const [first, second, ...rest] = args;
  if (first === undefined) throw new CliUsageError(`"glassbox inspect" needs a file. ${USAGE_HINT}`);
  if (first === '--message' || first.startsWith('--message=')) {
    const file = first === '--message' ? second : first.slice('--message='.length);
    const extra = first === '--message' ? rest : [second, ...rest].filter((arg) => arg !== undefined);
    if (file === undefined || file === '') throw new CliUsageError(`"--message" needs the path of a file holding one assistant message.`);
    if (extra.length > 0) throw new CliUsageError(`Unexpected argument "${extra[0]}". ${USAGE_HINT}`);
    return { mode: 'message', file };
  }
  if (first.startsWith('-')) throw new CliUsageError(`Unknown option "${first}". ${USAGE_HINT}`);
  if (second !== undefined) throw new CliUsageError(`Unexpected argument "${second}". ${USAGE_HINT}`);
  return { mode: 'note', file: first };
}
