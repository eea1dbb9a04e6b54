import { MAX_PAYLOAD_DEPTH, scanCommentPayload } from '../markers';
import { isMessageAttachments } from './attachments-line';
import type { MessageAttachments, PendingInput } from './conversation';
import { MESSAGE_TRAILER_PREFIX } from './note-lines';
import { isStoredLlmMessage, type StoredLlmMessage } from './stored-transcript';

/**
 * The exact metadata of one message, kept in the HTML comment that ends its section:
 * `<!--GLASSBOX_MESSAGE:{"id":"…","at":1763…,"transcript":[…]}-->`. The JSON is written with every
 * `<` as `\u003c` and every `>` as `\u003e` (as REASONING_BLOCK does, DESIGN.md 3.1), so no
 * transcript text can close the comment early.
 */
export interface MessageTrailer {
  readonly id?: string;
  readonly at: number | null;
  /** The closing fence line the writer added after text that left a code fence open. */
  readonly fence?: string;
  readonly pendingInput?: PendingInput;
  readonly context?: string;
  /** A question's attachments; the writer also lists them on a line under the question. */
  readonly attachments?: MessageAttachments;
  /** A regenerated answer: the id of the first answer to its question (docs/decisions/regenerate-answer.md). */
  readonly alternateOf?: string;
  /** When the user last chose this answer among its alternates (epoch ms). */
  readonly shownAt?: number;
  /** As stored: tool results the message's block already holds are references (stored-transcript.ts). */
  readonly transcript?: readonly StoredLlmMessage[];
}

const SUFFIX = '-->';

/** JSON with `<` and `>` escaped, safe inside an HTML comment. */
export function commentSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>]/g, (character) => (character === '<' ? '\\u003c' : '\\u003e'));
}

/** Writes the trailer line (no newline). Keys in a fixed order so the same message writes the same bytes. */
export function formatTrailer(trailer: MessageTrailer): string {
  const ordered: Record<string, unknown> = {};
  if (trailer.id !== undefined) ordered.id = trailer.id;
  ordered.at = trailer.at;
  if (trailer.fence !== undefined) ordered.fence = trailer.fence;
  if (trailer.context !== undefined) ordered.context = trailer.context;
  if (trailer.attachments !== undefined) ordered.attachments = trailer.attachments;
  if (trailer.pendingInput !== undefined) ordered.pendingInput = trailer.pendingInput;
  if (trailer.alternateOf !== undefined) ordered.alternateOf = trailer.alternateOf;
  if (trailer.shownAt !== undefined) ordered.shownAt = trailer.shownAt;
  if (trailer.transcript !== undefined) ordered.transcript = trailer.transcript;
  return `${MESSAGE_TRAILER_PREFIX}${commentSafeJson(ordered)}${SUFFIX}`;
}

/** What reading a trailer line gave: the fields that could be read, and what could not. */
export interface TrailerReadResult {
  readonly trailer: MessageTrailer | null;
  /** Sentences naming what was unreadable; empty when all was well. */
  readonly problems: readonly string[];
}

/** Reads a trailer line; never throws. Unreadable fields are dropped and named in `problems`. */
export function readTrailer(line: string): TrailerReadResult {
  let text = line.endsWith('\r') ? line.slice(0, -1) : line;
  text = text.trimEnd();
  if (!text.startsWith(MESSAGE_TRAILER_PREFIX) || !text.endsWith(SUFFIX)) {
    return { trailer: null, problems: ['its metadata comment is cut off'] };
  }
  const json = text.slice(MESSAGE_TRAILER_PREFIX.length, -SUFFIX.length);
  // Capped as the marker parser caps a payload: fields may hold any JSON (a transcript entry's or
  // an open question's extra keys), and writing 10,000 levels back overflows the stack
  // (docs/decisions/payload-depth-limit.md). Set aside, the message is kept as text.
  if (scanCommentPayload(json, 0).maxDepth > MAX_PAYLOAD_DEPTH) return { trailer: null, problems: [`its metadata is nested more than ${MAX_PAYLOAD_DEPTH} levels deep`] };
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { trailer: null, problems: ['its metadata is not valid JSON'] };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { trailer: null, problems: ['its metadata is not an object'] };
  }
  const record = data as Record<string, unknown>;
  const problems: string[] = [];
  const result: { -readonly [K in keyof MessageTrailer]: MessageTrailer[K] } = { at: null };
  if (typeof record.id === 'string') result.id = record.id;
  else if (record.id !== undefined) problems.push('its id is not text');
  if (typeof record.at === 'number' && Number.isFinite(record.at)) result.at = record.at;
  else if (record.at !== null && record.at !== undefined) problems.push('its time is not a number');
  if (typeof record.fence === 'string') result.fence = record.fence;
  if (typeof record.context === 'string') result.context = record.context;
  if (record.attachments !== undefined) {
    if (isMessageAttachments(record.attachments)) result.attachments = record.attachments;
    else problems.push('its list of attached notes is unreadable');
  }
  if (record.pendingInput !== undefined) {
    if (isPendingInput(record.pendingInput)) result.pendingInput = record.pendingInput;
    else problems.push('its open question is unreadable');
  }
  if (typeof record.alternateOf === 'string') result.alternateOf = record.alternateOf;
  else if (record.alternateOf !== undefined) problems.push('the answer it is an alternate of is not named by an id');
  if (typeof record.shownAt === 'number' && Number.isFinite(record.shownAt)) result.shownAt = record.shownAt;
  else if (record.shownAt !== undefined) problems.push('the time it was chosen is not a number');
  if (record.transcript !== undefined) {
    if (Array.isArray(record.transcript) && record.transcript.every(isStoredLlmMessage)) result.transcript = record.transcript;
    else problems.push('its model transcript is unreadable');
  }
  return { trailer: result, problems };
}

function isPendingInput(value: unknown): value is PendingInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if (typeof record.question !== 'string') return false;
  return record.options === undefined || (Array.isArray(record.options) && record.options.every((option) => typeof option === 'string'));
}
