import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { exportHtml, parseConversationNote } from '../conversation';
import { parseFlags, type CommandSpec } from './cli-flags';
import { CliUsageError, type CliIo } from './cli-io';
import { describeFsError } from './describe-fs-error';
import { inspectNoteText, notConversationNote } from './inspect-note';
import { stripControls, terminalJson } from './terminal-text';
import { OutFileRefused, writeOutFile } from './write-out-file';

/** `glassbox export`'s command line (DESIGN.md 12.3, 12.5). */
export const EXPORT_COMMAND = {
  name: 'export',
  flags: {
    html: { description: 'One self-contained HTML file: no script, the reasoning blocks as <details>.' },
    json: { description: "The conversation as JSON, in inspect's shape." },
    out: { value: 'FILE', description: 'Write to this new file (never over an existing one, the note or a symbolic link).', defaultValue: 'standard output' },
    force: { description: 'With --out: write over an existing file.' },
  },
  words: 'NOTE.md',
} as const satisfies CommandSpec;

/**
 * `glassbox export NOTE.md --html|--json [--out FILE]`: the conversation as one self-contained
 * HTML page (`exportHtml`) or as `inspect`'s JSON, on stdout or into FILE. Exit status: 0
 * exported, 1 the note could not be read or is no conversation, or FILE could not be written
 * or already exists, is the note or a symbolic link without --force (one sentence on stderr),
 * 2 bad usage.
 */
export async function runExportCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { flags, words } = parseFlags(EXPORT_COMMAND, args);
  if (flags.html === flags.json) throw new CliUsageError('Say which format with --html or --json (one of them).');
  const [file, ...extra] = words;
  if (file === undefined) throw new CliUsageError('Name the conversation note to export, e.g. glassbox export "Glassbox/Conversations/My question.md" --html.');
  if (extra.length > 0) throw new CliUsageError(`Unexpected argument "${extra[0]}": give one note.`);
  const fail = (sentence: string): number => {
    io.stderr.write(`${stripControls(sentence)}\n`);
    return 1;
  };
  let text: string;
  try {
    text = await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    return fail(`Cannot read "${file}": ${describeFsError(error)}.`);
  }
  let output: string;
  if (flags.html) {
    const parsed = parseConversationNote(text);
    if (!parsed.ok) return fail(notConversationNote(file));
    output = exportHtml(parsed.value);
  } else {
    const inspected = inspectNoteText(text);
    if (inspected === null) return fail(notConversationNote(file));
    output = `${terminalJson(inspected, 2)}\n`;
  }
  if (flags.out === undefined) {
    io.stdout.write(output);
    return 0;
  }
  try {
    await writeOutFile({ path: resolve(io.cwd, flags.out), shown: flags.out, text: output, source: resolve(io.cwd, file), force: flags.force });
  } catch (error) {
    if (error instanceof OutFileRefused) return fail(error.message);
    throw error;
  }
  io.stderr.write(`${stripControls(`exported: ${flags.out}`)}\n`);
  return 0;
}
