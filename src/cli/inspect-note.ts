import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliIo } from './cli-io';
import { describeFsError } from './describe-fs-error';
import { timelineLines } from './inspect-timeline';
import { stripControls, terminalJson } from './terminal-text';
import { answerAlternates, parseConversationNote, readNoteFrontmatter, type ConversationMessage } from '../conversation';
import type { ModelPrice } from '../markers';
import { inspectedContent } from './inspect-message';

/**
 * `glassbox inspect NOTE.md`: prints the conversation the chat view would open, as JSON
 * (DESIGN.md 8): `{ frontmatter, format, warnings, messages: [{ role, at, text, reasoning,
 * reasoningError, legacyToolCalls, thinks, noteWrites }] }`; a question with attached notes also has `attachments`.
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

/** The sentence for a file that is no conversation note. */
export function notConversationNote(file: string): string {
  return `"${file}" is not a conversation note: it has no "🧑 You" or "🤖 Glassbox" headers and no "**user**:" lines.`;
}

/** What `inspect NOTE.md` prints for a note's text (also `export --json`); null when it is not a conversation note. */
export function inspectNoteText(text: string): Record<string, unknown> | null {
  const parsed = parseConversationNote(text);
  if (!parsed.ok) return null;
  return {
    frontmatter: readNoteFrontmatter(text),
    format: parsed.format,
    warnings: parsed.warnings.map((warning) => warning.message),
    messages: withAlternates(parsed.value.messages),
  };
}

/**
 * Each message's object; an answer regenerated (or regenerated from) also says which answer it is
 * an alternate of and whether the chat shows it (`alternateOf`, `shown`), so none is lost or mistaken for the turn's answer.
 */
function withAlternates(messages: readonly ConversationMessage[]): Record<string, unknown>[] {
  const sets = [...answerAlternates(messages).values()];
  return messages.map((message) => {
    const inspected = inspectMessage(message);
    const set = sets.find((candidate) => candidate.answers.includes(message));
    if (set === undefined) return inspected;
    return { ...inspected, ...(message.alternateOf !== undefined ? { alternateOf: message.alternateOf } : {}), shown: set.shown === message };
  });
}

/** The per-message object of DESIGN.md 8 (the same fields `inspect --message` prints), plus role and time. */
export function inspectMessage(message: ConversationMessage): Record<string, unknown> {
  if (message.role === 'user') {
    // What the question attached (notes, selection, links, scope), when it attached anything.
    const attachments = message.attachments !== undefined ? { attachments: message.attachments } : {};
    return { role: 'user', at: message.at, text: message.content, ...attachments, reasoning: null, reasoningError: false, legacyToolCalls: [], thinks: [], noteWrites: [] };
  }
  return { role: 'assistant', at: message.at, ...inspectedContent(message.content) };
}
