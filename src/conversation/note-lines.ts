import type { ConversationRole } from './conversation';

/**
 * The two kinds of line that frame messages in a conversation note, and the escaping that keeps
 * message text from ever forming one (docs/conversation-format.md, "Framing").
 *
 * A line is *structural-looking* when, after any leading backslashes and a trailing `\r`, it is a
 * role header (`#`…`######`, a space, then 🧑 or 🤖) or starts with the message trailer prefix.
 * The writer prefixes every such line of message text with one more backslash; the reader takes
 * one off again. Lines with no backslash are the real frame. This is byte stuffing, so it is
 * lossless for any text, and in reading view `\###` shows as the literal characters the user typed.
 */

/** The emoji that names a role in a header line. */
export const ROLE_EMOJI: Readonly<Record<ConversationRole, string>> = Object.freeze({ user: '🧑', assistant: '🤖' });

/** The name shown after the emoji. */
export const ROLE_NAME: Readonly<Record<ConversationRole, string>> = Object.freeze({ user: 'You', assistant: 'Glassbox' });

/** Start of the per-message trailer comment that holds the message's exact metadata. */
export const MESSAGE_TRAILER_PREFIX = '<!--GLASSBOX_MESSAGE:';

/** Separator between the role name and the time in a header. */
export const HEADER_TIME_SEPARATOR = ' · ';

/** Header level written for every message. */
const HEADER_HASHES = '###';

/** What kind of frame line a line is, if any. */
export type FrameLine =
  | { readonly type: 'header'; readonly role: ConversationRole; readonly label: string }
  | { readonly type: 'trailer' }
  | { readonly type: 'body' };

function withoutCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

function leadingBackslashes(line: string): number {
  let count = 0;
  while (count < line.length && line.charCodeAt(count) === 92) count += 1;
  return count;
}

/** The role a header-looking line names, or null. `rest` has no leading backslash. */
function headerRole(rest: string): { role: ConversationRole; label: string } | null {
  let index = 0;
  while (index < rest.length && index < 7 && rest.charCodeAt(index) === 35) index += 1;
  if (index === 0 || index > 6) return null;
  const afterHashes = rest.charCodeAt(index);
  if (afterHashes !== 32 && afterHashes !== 9) return null;
  while (rest.charCodeAt(index) === 32 || rest.charCodeAt(index) === 9) index += 1;
  const remainder = rest.slice(index);
  for (const role of ['user', 'assistant'] as const) {
    const emoji = ROLE_EMOJI[role];
    if (!remainder.startsWith(emoji)) continue;
    let after = remainder.slice(emoji.length);
    if (after.startsWith('\uFE0F')) after = after.slice(1);
    // A ZWJ or skin-tone sequence (🧑‍💻) is a different emoji, so "### 🧑‍💻 Dev tips" stays a heading.
    if (after !== '' && !after.startsWith(' ') && !after.startsWith('\t')) return null;
    return { role, label: after.trim() };
  }
  return null;
}

function looksStructural(rest: string): boolean {
  return rest.startsWith(MESSAGE_TRAILER_PREFIX) || headerRole(rest) !== null;
}

/** Classifies one line of the note's body (after the frontmatter). */
export function classifyLine(line: string): FrameLine {
  const clean = withoutCarriageReturn(line);
  if (clean.startsWith(MESSAGE_TRAILER_PREFIX)) return { type: 'trailer' };
  const header = headerRole(clean);
  if (header !== null) return { type: 'header', role: header.role, label: header.label };
  return { type: 'body' };
}

/** Escapes one line of message text so it can never be read as a frame line. */
export function escapeMessageLine(line: string): string {
  const rest = withoutCarriageReturn(line).slice(leadingBackslashes(line));
  return looksStructural(rest) ? `\\${line}` : line;
}

/** Reverses {@link escapeMessageLine}. */
export function unescapeMessageLine(line: string): string {
  const backslashes = leadingBackslashes(line);
  if (backslashes === 0) return line;
  return looksStructural(withoutCarriageReturn(line).slice(backslashes)) ? line.slice(1) : line;
}

/** Options of {@link formatHeader}. */
export interface HeaderOptions {
  readonly role: ConversationRole;
  readonly at: number | null;
  /** Whether the visible time is local (the default, for people) or UTC (for reproducible output). */
  readonly clock?: 'local' | 'utc';
  /** An answer made by "Regenerate": its header says so, for people reading the note without Glassbox. */
  readonly regenerated?: boolean;
}

/** What a regenerated answer's header and exports call it (the reader goes by the emoji, not the name). */
export const REGENERATED_ANSWER_NAME = `${ROLE_NAME.assistant} (regenerated)`;

/** The name a message goes by in its note's header and in exports. */
export function messageName(message: { readonly role: ConversationRole; readonly alternateOf?: string }): string {
  return message.alternateOf !== undefined && message.role === 'assistant' ? REGENERATED_ANSWER_NAME : ROLE_NAME[message.role];
}

/** `### 🧑 You · 2026-11-22 10:15` (the time is for people; the trailer keeps the exact one). */
export function formatHeader(options: HeaderOptions): string {
  const name = options.regenerated === true && options.role === 'assistant' ? REGENERATED_ANSWER_NAME : ROLE_NAME[options.role];
  const base = `${HEADER_HASHES} ${ROLE_EMOJI[options.role]} ${name}`;
  const time = options.at === null ? null : formatHeaderTime(options.at, options.clock ?? 'local');
  return time === null ? base : `${base}${HEADER_TIME_SEPARATOR}${time}`;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** `YYYY-MM-DD HH:mm`, or null for a time no calendar can show. */
export function formatHeaderTime(at: number, clock: 'local' | 'utc'): string | null {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const utc = clock === 'utc';
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  if (year < 0 || year > 9999) return null;
  const month = (utc ? date.getUTCMonth() : date.getMonth()) + 1;
  const day = utc ? date.getUTCDate() : date.getDate();
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  return `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hours)}:${pad(minutes)}`;
}

/**
 * Reads the time a person left in a header label (`You · 2026-11-22 10:15`, seconds optional),
 * as local time; null when there is none. Used only for messages without a trailer.
 */
export function parseHeaderTime(label: string): number | null {
  const separator = label.lastIndexOf('·');
  if (separator < 0) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(label.slice(separator + 1).trim());
  if (match === null) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const at = new Date(year, month - 1, day, hours, minutes, seconds).getTime();
  return Number.isNaN(at) ? null : at;
}
