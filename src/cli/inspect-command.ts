import type { ModelPrice } from '../markers';
import { readPriceFlags } from './price-flags';
import { parseFlags, type CommandSpec } from './cli-flags';
import { CliUsageError, type CliIo } from './cli-io';
import { runInspectMessage } from './inspect-message';
import { runInspectNote } from './inspect-note';

const USAGE_HINT = 'Run "glassbox inspect NOTE.md [--timeline]" or "glassbox inspect --message FILE".';

/** What `glassbox inspect` was asked to read. */
export type InspectTarget =
  | { readonly mode: 'message'; readonly file: string }
  | { readonly mode: 'note'; readonly file: string; readonly timeline: boolean; readonly price?: ModelPrice };

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
      return runInspectNote(target.file, io, { timeline: target.timeline, ...(target.price !== undefined ? { price: target.price } : {}) });
    default: {
      const unreachable: never = target;
      return unreachable;
    }
  }
}

/** `glassbox inspect`'s command line (DESIGN.md 8): a note, or `--message FILE`. */
export const INSPECT_COMMAND = {
  name: 'inspect',
  flags: {
    message: { value: 'FILE', description: 'Read one assistant message from a file instead of a note.', missingValue: '"--message" needs the path of a file holding one assistant message.' },
    timeline: { description: "Each run's steps, one a line: start offset, duration, tokens and status." },
    'price-in': { value: 'USD', description: "With --timeline and --price-out: what a million input tokens cost; each run shows its cost." },
    'price-out': { value: 'USD', description: 'With --timeline and --price-in: what a million output tokens cost.' },
  },
  words: 'NOTE.md',
  unknownOption: (flag: string) => `Unknown option "${flag}". ${USAGE_HINT}`,
} as const satisfies CommandSpec;

/** Reads `--message FILE` (also `--message=FILE`) or a single `NOTE.md`; anything else is a usage error. */
export function parseInspectArgs(args: readonly string[]): InspectTarget {
  const { flags, words } = parseFlags(INSPECT_COMMAND, args);
  // A word with a dash is an option inspect does not know: no note or message file is named so.
  const dashed = words.find((word) => word.startsWith('-'));
  if (dashed !== undefined) throw new CliUsageError(INSPECT_COMMAND.unknownOption(dashed));
  const [first, ...extra] = flags.message === undefined ? words : [flags.message, ...words];
  if (first === undefined) throw new CliUsageError(`"glassbox inspect" needs a file. ${USAGE_HINT}`);
  if (extra.length > 0) throw new CliUsageError(`Unexpected argument "${extra[0]}". ${USAGE_HINT}`);
  if (flags.message !== undefined && flags.timeline) throw new CliUsageError('--timeline reads a conversation note: run "glassbox inspect NOTE.md --timeline".');
  // The prices price the timeline; the environment's prices are for commands that always show cost.
  const price = readPriceFlags(flags, null);
  if (price !== undefined && !flags.timeline) throw new CliUsageError('The prices price the timeline: add --timeline.');
  if (flags.message !== undefined) return { mode: 'message', file: first };
  return { mode: 'note', file: first, timeline: flags.timeline, ...(price !== undefined ? { price } : {}) };
}
