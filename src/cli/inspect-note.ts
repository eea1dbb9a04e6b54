import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliIo } from './cli-io';
import { describeFsError } from './describe-fs-error';
import { timelineLines } from './inspect-timeline';
import { parseConversationNote } from '../conversation';
import type { ModelPrice } from '../markers';
import { inspectNoteText, notConversationNote, stripControls, terminalJson } from '../commands';

/**
 * `glassbox inspect NOTE.md`: prints the conversation the chat view would open, as JSON
 * (DESIGN.md 8): `{ frontmatter, format, warnings, messages: [{ role, at, text, reasoning,
 * reasoningError, legacyToolCalls, thinks, noteWrites }] }`, an answer also `citations`; a question with attached notes also has `attachments`.
 * With `--timeline`, each run's steps one a line instead (`timelineLines`; with a price, each run's cost). Works for Glassbox notes and for imported
 * `**user**:` / `**ai**:` notes. Markers are read only in assistant messages (DESIGN.md 3.3), so a
 * user message's text is its content as typed. Returns 0, or 1 with one sentence on stderr.
 */
export async function runInspectNote(file: string, io: CliIo, options: { timeline?: boolean; price?: ModelPrice } = {}): Promise<number> {
  let text: string;
  try {
    text = await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    io.stderr.write(`Cannot read "${file}": ${describeFsError(error)}.\n`);
    return 1;
  }
  if (options.timeline === true) {
    const parsed = parseConversationNote(text);
    if (!parsed.ok) {
      io.stderr.write(`${notConversationNote(file)}\n`);
      return 1;
    }
    io.stdout.write(stripControls(`${timelineLines(parsed.value.messages, 'local', options.price).join('\n')}\n`));
    return 0;
  }
  const output = inspectNoteText(text);
  if (output === null) {
    io.stderr.write(`${notConversationNote(file)}\n`);
    return 1;
  }
  io.stdout.write(`${terminalJson(output, 2)}\n`);
  return 0;
}
