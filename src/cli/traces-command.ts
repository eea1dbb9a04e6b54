import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { formatCost } from '../markers';
import { formatHeaderTime } from '../conversation';
import { findRuns, type FoundRun, type SavedNote } from '../traces';
import { parseFlags, type CommandSpec } from './cli-flags';
import { CliUsageError, type CliIo } from './cli-io';
import { NodeVaultSource } from './node-vault-source';
import { PRICE_FLAGS, readPriceFlags } from './price-flags';
import { stripControls, terminalJson } from '../commands';

/** The run statuses `--status` takes (DESIGN.md 3.1, 13.4). */
const STATUSES = ['complete', 'stopped', 'error', 'max_iterations', 'awaiting_input', 'budget'] as const;

/** `glassbox traces`'s command line (DESIGN.md 13.5). */
export const TRACES_COMMAND = {
  name: 'traces',
  flags: {
    vault: { value: 'DIR', required: true, description: 'The folder of notes whose saved conversations to search.' },
    read: { value: 'NOTE', description: 'Only runs in which text of this note reached the model (a path or a note name).' },
    tool: { value: 'NAME', description: 'Only runs that called this tool, e.g. readNote.' },
    status: { value: 'STATUS', description: `Only runs that ended so: ${STATUSES.join(', ')}.` },
    since: { value: 'DATE', description: 'Only runs started on or after this day (YYYY-MM-DD, local time) or time (ISO 8601).' },
    json: { description: 'Print {"runs":[{note,title,startedAt,status,cost}]}.' },
    ...PRICE_FLAGS,
  },
  words: '',
} as const satisfies CommandSpec;

/**
 * `glassbox traces --vault DIR [--read NOTE] [--tool NAME] [--status STATUS] [--since DATE] [--json]`:
 * the runs of the vault's saved conversations that match, newest first, with their conversation,
 * start, status and (with prices) cost. Exit status 0, also when none matches; 2 bad usage.
 */
export async function runTracesCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { flags, words } = parseFlags(TRACES_COMMAND, args);
  if (words.length > 0) throw new CliUsageError(`Unexpected argument "${words[0]}": traces takes only flags, e.g. glassbox traces --vault DIR --read "Refund policy".`);
  if (flags.vault === undefined) throw new CliUsageError('Say which folder of notes to look in with --vault DIR.');
  if (flags.status !== undefined && !(STATUSES as readonly string[]).includes(flags.status)) throw new CliUsageError(`--status must be one of ${STATUSES.join(', ')}, not "${flags.status}".`);
  const since = flags.since === undefined ? undefined : parseSince(flags.since);
  const prices = readPriceFlags(flags, io.env);
  const vaultDir = resolve(io.cwd, flags.vault);
  if (!(await stat(vaultDir).catch(() => undefined))?.isDirectory()) throw new CliUsageError(`The vault folder ${flags.vault} does not exist or is not a folder.`);
  const runs = findRuns(await readNotes(new NodeVaultSource(vaultDir)), {
    ...(flags.read !== undefined ? { read: flags.read } : {}),
    ...(flags.tool !== undefined ? { tool: flags.tool } : {}),
    ...(flags.status !== undefined ? { status: flags.status } : {}),
    ...(since !== undefined ? { since } : {}),
  }, prices);
  if (flags.json) {
    const rows = runs.map((run) => ({ note: run.note, title: run.title, startedAt: new Date(run.startedAt).toISOString(), status: run.status, cost: run.cost === undefined ? null : { usd: run.cost.amount, estimated: run.cost.estimated } }));
    io.stdout.write(`${terminalJson({ runs: rows }, 2)}\n`);
    return 0;
  }
  io.stdout.write(stripControls(`${describeRuns(runs).join('\n')}\n`));
  return 0;
}

async function readNotes(source: NodeVaultSource): Promise<SavedNote[]> {
  const notes: SavedNote[] = [];
  for (const note of await source.listNotes()) {
    const text = await source.read(note.path).catch(() => null);
    if (text !== null) notes.push({ path: note.path, text });
  }
  return notes;
}

/** One line a run (time, status, cost, title, note), then how many runs in how many conversations. */
export function describeRuns(runs: readonly FoundRun[]): string[] {
  if (runs.length === 0) return ['No run matches.'];
  const lines = runs.map((run) => [formatHeaderTime(run.startedAt, 'local') ?? '?', run.status, ...(run.cost !== undefined ? [formatCost(run.cost)] : []), `${run.title} (${run.note})`].join('  '));
  const conversations = new Set(runs.map((run) => run.note)).size;
  lines.push('', `${runs.length} ${runs.length === 1 ? 'run' : 'runs'} in ${conversations} ${conversations === 1 ? 'conversation' : 'conversations'}.`);
  return lines;
}

function parseSince(text: string): number {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const at = day !== null ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])).getTime() : Date.parse(text);
  if (!Number.isFinite(at)) throw new CliUsageError(`--since needs a day like 2026-11-20 or a time like 2026-11-20T09:00Z, not "${text}".`);
  return at;
}
