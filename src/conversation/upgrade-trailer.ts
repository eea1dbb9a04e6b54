import type { ConversationMessage } from './conversation';
import { commentSafeJson } from './message-trailer';
import { MESSAGE_TRAILER_PREFIX } from './note-lines';
import { compactTranscript, countReferences, LOST_TOOL_OUTPUT } from './stored-transcript';

const SUFFIX = '-->';

/**
 * A trailer line written before tool results were stored once (docs/decisions/transcript-refers-to-trace.md),
 * rewritten so the results its block already shows become references. `message` is the note's own
 * reading of the section, so nothing the user wrote changes meaning; every other key of the
 * trailer, known or not, stays as it was and where it was. Null when there is nothing to upgrade.
 */
export function upgradeTrailerLine(line: string, message: ConversationMessage): string | null {
  if (message.role !== 'assistant' || message.transcript === undefined) return null;
  // A result whose step is gone stays a reference: rewriting it would store the placeholder text.
  if (message.transcript.some((entry) => entry.role === 'tool' && entry.content === LOST_TOOL_OUTPUT)) return null;
  const end = line.trimEnd();
  if (!end.startsWith(MESSAGE_TRAILER_PREFIX) || !end.endsWith(SUFFIX)) return null;
  let data: unknown;
  try {
    data = JSON.parse(end.slice(MESSAGE_TRAILER_PREFIX.length, -SUFFIX.length));
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || !Array.isArray((data as Record<string, unknown>).transcript)) return null;
  const record = data as Record<string, unknown>;
  const compacted = compactTranscript(message.transcript, message.content);
  const before = (record.transcript as unknown[]).filter((entry) => typeof entry === 'object' && entry !== null && 'outputOf' in entry && !('content' in entry)).length;
  if (countReferences(compacted) <= before) return null;
  record.transcript = compacted;
  return `${MESSAGE_TRAILER_PREFIX}${commentSafeJson(record)}${SUFFIX}${line.slice(end.length)}`;
}
