import type { Conversation, ConversationMessage, ConversationRole } from './conversation';
import { FenceTracker } from '../markers';
import { entryString, readFrontmatterBlock } from './frontmatter';
import { titleFromQuestion } from './note-name';

/**
 * Reads notes saved by another chat plugin in its `**user**: …` / `**ai**: …` format:
 *
 * ```
 * **user**: What changed in the refund policy?
 * [Context: Notes: Policies.md]
 * [Timestamp: 2025/12/30 03:49:46]
 *
 * **ai**: The window went from 14 to 30 days.
 * [Timestamp: 2025/12/30 03:49:47]
 * ```
 *
 * A message starts at a line beginning `**user**:` or `**ai**:` outside a fenced code block and
 * runs to the next one. A trailing `[Timestamp: yyyy/MM/dd HH:mm:ss]` (own line or end of the last
 * line, local time) gives its time; a `[Context: …]` line just before it is kept apart. Legacy
 * markers inside the text stay in the content, where the marker codec reads them.
 */

const START = /^\*\*(user|ai|assistant)\*\*:[ \t]?/i;
// Matched from the last `[Timestamp: ` of the line only, so a long line costs linear time.
const TIMESTAMP = /^\[Timestamp: (\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})\]$/;
const CONTEXT = /^\[Context: (.*)\]$/;

/** Whether the note has at least one message in this format. */
export function looksLikeImportedChat(text: string): boolean {
  return findStarts(splitLines(text)).length > 0;
}

function splitLines(text: string): string[] {
  return (text.startsWith('\uFEFF') ? text.slice(1) : text).replace(/\r\n?/g, '\n').split('\n');
}

function findStarts(lines: readonly string[]): number[] {
  const fences = new FenceTracker();
  const starts: number[] = [];
  const bodyStart = readFrontmatterBlock(lines, () => false).bodyStart;
  for (let index = bodyStart; index < lines.length; index += 1) {
    if (!fences.inside && START.test(lines[index])) starts.push(index);
    fences.feed(lines[index]);
  }
  return starts;
}

/** Reads such a note as a conversation (with no id: a continued chat is saved as a new Glassbox note). */
export function importChatNote(text: string): Conversation {
  const lines = splitLines(text);
  const frontmatter = readFrontmatterBlock(lines, () => false);
  const starts = findStarts(lines);
  const messages = starts.map((start, index) => readMessage(lines.slice(start, starts[index + 1] ?? lines.length)));
  const value = (key: string): string | null => {
    const entry = frontmatter.entries.find((candidate) => candidate.key === key);
    return entry === undefined ? null : entryString(entry);
  };
  const epoch = Number(value('epoch'));
  const createdAt = Number.isFinite(epoch) && epoch > 0 ? epoch : messages.find((message) => message.at !== null)?.at ?? 0;
  const lastAt = [...messages].reverse().find((message) => message.at !== null)?.at ?? createdAt;
  const firstUser = messages.find((message) => message.role === 'user');
  return {
    id: '',
    title: value('topic') ?? titleFromQuestion(firstUser?.content ?? ''),
    createdAt,
    updatedAt: Math.max(createdAt, lastAt),
    model: value('modelKey') ?? value('model') ?? '',
    messages,
    extraFrontmatter: frontmatter.entries.map(({ key, text: entryText }) => ({ key, text: entryText })),
  };
}

function readMessage(lines: string[]): ConversationMessage {
  const match = START.exec(lines[0]);
  const role: ConversationRole = match !== null && match[1].toLowerCase() === 'user' ? 'user' : 'assistant';
  const body = [lines[0].slice(match?.[0].length ?? 0), ...lines.slice(1)];
  trimTrailingBlank(body);
  let at: number | null = null;
  const last = body[body.length - 1];
  const stampAt = last === undefined ? -1 : last.lastIndexOf('[Timestamp: ');
  const stamp = last === undefined || stampAt < 0 ? null : TIMESTAMP.exec(last.slice(stampAt));
  if (last !== undefined && stamp !== null) {
    const [year, month, day, hours, minutes, seconds] = stamp.slice(1).map(Number);
    const time = new Date(year, month - 1, day, hours, minutes, seconds).getTime();
    at = Number.isNaN(time) ? null : time;
    const rest = last.slice(0, stampAt).trimEnd();
    if (rest.trim() === '') body.pop();
    else body[body.length - 1] = rest;
    trimTrailingBlank(body);
  }
  let context: string | undefined;
  const contextMatch = body.length > 1 ? CONTEXT.exec(body[body.length - 1]) : null;
  if (contextMatch !== null) {
    context = contextMatch[1];
    body.pop();
    trimTrailingBlank(body);
  }
  while (body.length > 0 && body[0].trim() === '') body.shift();
  const message: ConversationMessage = { role, at, content: body.join('\n') };
  return context === undefined ? message : { ...message, context };
}

function trimTrailingBlank(lines: string[]): void {
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
}
