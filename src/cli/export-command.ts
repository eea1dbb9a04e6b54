import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { exportHtml, exportPlainMarkdown, parseConversationNote, type Conversation } from '../conversation';
import { exportOtlp } from '../traces';
import { inertFileText } from '../inert';
import { parseFlags, type CommandSpec } from './cli-flags';
import { CliUsageError, type CliIo } from './cli-io';
import { describeFsError } from './describe-fs-error';
import { inspectNoteText, notConversationNote } from '../commands';
import { stripControls, terminalJson } from '../commands';
import { OutFileRefused, writeOutFile } from './write-out-file';

/** `glassbox export`'s command line (DESIGN.md 12.3, 12.5). */
export const EXPORT_COMMAND = {
  name: 'export',
  flags: {
    html: { description: 'One self-contained HTML file: no script, the reasoning blocks as <details>.' },
    json: { description: "The conversation as JSON, in inspect's shape." },
    markdown: { description: 'Plain Markdown that renders anywhere: each reasoning block a folded callout.' },
    otlp: { description: 'The runs as OpenTelemetry traces (OTLP/JSON, GenAI conventions) for Langfuse, Phoenix or Jaeger.' },
    'include-content': { description: 'With --otlp: also the questions, answers and tool inputs and outputs.' },
    out: { value: 'FILE', description: 'Write to this new file (never over an existing one, the note or a symbolic link).', defaultValue: 'standard output' },
    force: { description: 'With --out: write over an existing file.' },
  },
  words: 'NOTE.md',
} as const satisfies CommandSpec;

const FORMATS = ['html', 'json', 'markdown', 'otlp'] as const;

/**
 * `glassbox export NOTE.md --html|--json|--markdown|--otlp [--out FILE]`: the conversation as one
 * self-contained HTML page (`exportHtml`), as `inspect`'s JSON, as plain Markdown
 * (`exportPlainMarkdown`, the plugin's export) or as OTLP/JSON traces (`exportOtlp`; what was said
 * only with `--include-content`), on stdout or into FILE. Exit status: 0
 * exported, 1 the note could not be read or is no conversation, or FILE could not be written
 * or already exists, is the note or a symbolic link without --force (one sentence on stderr),
 * 2 bad usage.
 */
export async function runExportCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { flags, words } = parseFlags(EXPORT_COMMAND, args);
  const chosen = FORMATS.filter((format) => flags[format]);
  if (chosen.length !== 1) throw new CliUsageError('Say which format with --html, --json, --markdown or --otlp (one of them).');
  const format = chosen[0] ?? 'json';
  if (flags['include-content'] && format !== 'otlp') throw new CliUsageError('--include-content is for --otlp: the other formats always hold the conversation.');
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
  if (format === 'json') {
    const inspected = inspectNoteText(text);
    if (inspected === null) return fail(notConversationNote(file));
    output = `${terminalJson(inspected, 2)}\n`;
  } else {
    const parsed = parseConversationNote(text);
    if (!parsed.ok) return fail(notConversationNote(file));
    output = exportAs(format, parsed.value, { file, includeContent: flags['include-content'] });
  }
  if (flags.out === undefined) {
    io.stdout.write(output);
    return 0;
  }
  try {
    const shown = flags.out;
    await writeOutFile({ path: resolve(io.cwd, shown), shown, text: () => inertFileText(output, { path: shown, format: format === 'markdown' ? 'markdown' : format === 'html' ? 'html' : 'data' }), source: resolve(io.cwd, file), force: flags.force });
  } catch (error) {
    if (error instanceof OutFileRefused) return fail(error.message);
    throw error;
  }
  io.stderr.write(`${stripControls(`exported: ${flags.out}`)}\n`);
  return 0;
}

function exportAs(format: 'html' | 'markdown' | 'otlp', conversation: Conversation, options: { file: string; includeContent: boolean }): string {
  switch (format) {
    case 'html':
      return exportHtml(conversation);
    case 'markdown':
      // Checked on standard output too: it is meant to become a note.
      return inertFileText(exportPlainMarkdown(conversation, { sourcePath: options.file.replace(/\\/g, '/') }), { path: 'standard output' });
    case 'otlp':
      return `${JSON.stringify(exportOtlp(conversation, { includeContent: options.includeContent }), null, 2)}\n`;
  }
}
