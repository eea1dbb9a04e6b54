import type { Conversation } from './conversation';
import type { ConversationWarning } from './conversation-warning';
import { ConversationParseError } from './errors/conversation-parse-error';
import { importChatNote, looksLikeImportedChat } from './import-chat-note';
import { readGlassboxNote } from './read-glassbox-note';
import { CONVERSATION_TAG } from './conversation';

/** Which format a note was written in. */
export type ConversationNoteFormat = 'glassbox' | 'imported';

/** What {@link parseConversationNote} returns: a conversation with warnings, or why the note is not one. */
export type ConversationParseResult =
  | { readonly ok: true; readonly value: Conversation; readonly warnings: readonly ConversationWarning[]; readonly format: ConversationNoteFormat }
  | { readonly ok: false; readonly error: ConversationParseError };

/**
 * Reads a conversation note: the Glassbox format (docs/conversation-format.md) or the
 * `**user**: …` / `**ai**: …` format of another chat plugin. Never throws; a damaged note gives
 * what could be read plus warnings.
 */
export function parseConversationNote(text: string): ConversationParseResult {
  const reading = readGlassboxNote(text);
  if (reading.hasMessages) return { ok: true, value: reading.conversation, warnings: reading.warnings, format: 'glassbox' };
  if (looksLikeImportedChat(text)) return { ok: true, value: importChatNote(text), warnings: [], format: 'imported' };
  const tagged = reading.conversation.extraFrontmatter.some((entry) => entry.key === 'tags' && entry.text.includes(CONVERSATION_TAG));
  if (reading.conversation.id !== '' && tagged) {
    return { ok: true, value: reading.conversation, warnings: reading.warnings, format: 'glassbox' };
  }
  return { ok: false, error: new ConversationParseError('not_a_conversation', 'This note is not a conversation: it has no "🧑 You" or "🤖 Glassbox" headers and no "**user**:" lines.') };
}
