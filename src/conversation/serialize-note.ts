import type { Conversation, ConversationMessage } from './conversation';
import { unclosedFence } from '../markers';
import { formatTime } from './frontmatter';
import { escapeMessageLine, formatHeader } from './note-lines';
import { neutraliseMessageLine, neutraliseMessageText } from './inert-message-text';
import { formatAttachmentsLine } from './attachments-line';
import { formatTrailer } from './message-trailer';
import { runProperties } from './run-properties';
import { compactTranscript } from './stored-transcript';
import { yamlDoubleQuoted, yamlString } from './yaml-scalar';

/** Options of {@link serializeConversationNote}. */
export interface SerializeOptions {
  /** Clock of the visible header times: local (default) or UTC (reproducible output in tests and docs). */
  readonly clock?: 'local' | 'utc';
  /**
   * Whether a `[[link]]` target an answer cites names a note of the vault; `cited` lists only those.
   * Without it, only targets that could name a note at all (no `<>:"|?*\\`) are listed.
   */
  readonly resolvesNote?: (target: string) => boolean;
}

/**
 * Writes a whole conversation note (docs/conversation-format.md). The parser reads it back to
 * an identical {@link Conversation}, whatever the message text holds.
 */
export function serializeConversationNote(conversation: Conversation, options: SerializeOptions = {}): string {
  let note = serializeFrontmatter(conversation, options);
  for (const message of conversation.messages) note += `\n${serializeMessageSection(message, options)}`;
  return note;
}

/** The frontmatter block, `---` to `---` with its newline. Known keys first, then the rest verbatim. */
export function serializeFrontmatter(conversation: Conversation, options: SerializeOptions = {}): string {
  const lines = ['---', ...frontmatterKnownLines(conversation, options)];
  for (const entry of conversation.extraFrontmatter) lines.push(entry.text);
  lines.push('---');
  return `${lines.join('\n')}\n`;
}

/**
 * The `key: value` lines of the keys Glassbox owns, in the order it writes them (the run properties derived from the answers last).
 * The title and the model name are neutralised like message text (a title comes from a question, a model name from a server).
 */
export function frontmatterKnownLines(conversation: Conversation, options: SerializeOptions = {}): string[] {
  return [
    `id: ${yamlString(conversation.id)}`,
    `title: ${yamlDoubleQuoted(neutraliseMessageText(conversation.title))}`,
    `created: ${formatTime(conversation.createdAt)}`,
    `updated: ${formatTime(conversation.updatedAt)}`,
    `model: ${yamlString(neutraliseMessageText(conversation.model))}`,
    ...runProperties(conversation, options.resolvesNote).flatMap(([, lines]) => lines),
  ];
}

/**
 * One message's section: header line, blank line, the neutralised and escaped text, a closing fence if the text
 * left one open, blank line, trailer, newline.
 */
export function serializeMessageSection(message: ConversationMessage, options: SerializeOptions = {}): string {
  const lines = message.content.split('\n');
  const fence = unclosedFence(lines);
  // Neutralised first (nothing another plugin runs or loads), then escaped (never a frame line).
  const body = lines.map((line) => escapeMessageLine(neutraliseMessageLine(line)));
  if (fence !== null) body.push(fence);
  // Under the question, the notes it attached as links (the trailer keeps the exact list).
  if (message.attachments !== undefined) body.push('', formatAttachmentsLine(message.attachments));
  const trailer = formatTrailer({
    id: message.id,
    at: message.at,
    fence: fence ?? undefined,
    context: message.context,
    attachments: message.attachments,
    pendingInput: message.pendingInput,
    alternateOf: message.alternateOf,
    shownAt: message.shownAt,
    // Tool results the block already holds are stored once, as references to its steps.
    transcript: message.transcript === undefined || message.role !== 'assistant' ? message.transcript : compactTranscript(message.transcript, message.content),
  });
  return [formatHeader({ role: message.role, at: message.at, clock: options.clock, regenerated: message.alternateOf !== undefined }), '', ...body, '', trailer, ''].join('\n');
}
