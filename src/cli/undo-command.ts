import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseConversationNote, shownMessages } from '../conversation';
import { parseAssistantContent } from '../markers';
import { undoTurn } from '../writes';
import { parseFlags, type CommandSpec } from './cli-flags';
import { CliUsageError, type CliIo } from './cli-io';
import { findVaultNote } from './find-vault-note';
import { NodeNoteWriter } from './node-note-writer';
import { stripControls } from '../commands';

/** `glassbox undo`'s command line (DESIGN.md 12.3, 12.5). */
export const UNDO_COMMAND = {
  name: 'undo',
  flags: {
    vault: { value: 'DIR', required: true, description: 'The folder of notes the conversation is in.' },
  },
  words: 'NOTE',
} as const satisfies CommandSpec;

/**
 * `glassbox undo --vault DIR NOTE`: takes back the note changes of the last turn of a saved
 * conversation, from its trace (`undoTurn`): every one, or none when a note changed since.
 * Exit status: 0 undone, 1 it could not be (one sentence on stderr), 2 bad usage.
 */
export async function runUndoCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { flags, words } = parseFlags(UNDO_COMMAND, args);
  if (flags.vault === undefined) throw new CliUsageError('Say which folder of notes the conversation is in with --vault DIR.');
  const [name, ...extra] = words;
  if (name === undefined) throw new CliUsageError('Name the saved conversation whose last turn to undo, e.g. glassbox undo --vault DIR "Glassbox/Conversations/My question.md".');
  if (extra.length > 0) throw new CliUsageError(`Unexpected argument "${extra[0]}": give one note.`);
  const vaultDir = resolve(io.cwd, flags.vault);
  if (!(await stat(vaultDir).catch(() => undefined))?.isDirectory()) throw new CliUsageError(`The vault folder ${flags.vault} does not exist or is not a folder.`);
  const fail = (sentence: string): number => {
    io.stderr.write(`${stripControls(sentence)}\n`);
    return 1;
  };
  const note = await findVaultNote({ vaultDir, cwd: io.cwd, name });
  if (note === null) return fail(`There is no note "${name}" in the vault.`);
  const parsed = parseConversationNote(await readFile(note.absolute, 'utf8'));
  if (!parsed.ok || parsed.format === 'imported') return fail(`"${note.path}" is not a Glassbox conversation note.`);
  // Of a regenerated answer's alternates, the one the chat shows is the turn's answer.
  const last = shownMessages(parsed.value.messages).at(-1);
  if (last?.role !== 'assistant') return fail(`The last turn of "${note.path}" has no answer, so there is nothing to undo.`);
  const reasoning = parseAssistantContent(last.content).reasoning;
  const outcome = await undoTurn(reasoning?.steps ?? [], new NodeNoteWriter(vaultDir));
  if (!outcome.undone) return fail(outcome.message);
  io.stdout.write(`${stripControls(outcome.message)}\n`);
  return 0;
}
