/**
 * Conversations as notes (DESIGN.md section 6): the model, the note format, import of another
 * plugin's format, the save merge rule, names and the history list. Format: docs/conversation-format.md.
 */
export {
  createConversation,
  createConversationId,
  createMessageId,
  withMessageIds,
  CONVERSATION_TAG,
  type Conversation,
  type ConversationMessage,
  type ConversationRole,
  type CreateConversationOptions,
  type FrontmatterEntry,
  type PendingInput,
  type MessageAttachments,
  type AttachedNoteRecord,
  type AttachedImageRecord,
} from './conversation';
export type { ConversationWarning, ConversationWarningCode } from './conversation-warning';
export { ConversationParseError } from './errors/conversation-parse-error';
export { parseConversationNote, type ConversationParseResult, type ConversationNoteFormat } from './parse-note';
export { serializeConversationNote, type SerializeOptions } from './serialize-note';
export { titleFromQuestion, noteFileStem, isWindowsReservedName, uniqueNotePath, UNTITLED_CONVERSATION, type UniqueNotePathOptions } from './note-name';
export { mergeConversationIntoNote, fingerprintMessage, baselineOf, type MergeNoteOptions, type MergeNoteResult } from './merge-note';
export {
  listConversations,
  summarizeConversationNote,
  sortConversations,
  filterConversations,
  type ConversationSummary,
  type ListConversationsOptions,
} from './list-conversations';
export { readNoteFrontmatter } from './note-frontmatter';
export { historyOfConversation, NO_TOOL_RESULT } from './conversation-history';
export { answerAlternates, shownMessages, shownAtFor, type AnswerAlternates } from './answer-alternates';
export { CONTINUE_QUESTION, isResumableTurn } from './resumable-turn';
export { exportPlainMarkdown, EXPORT_CALLOUT, type ExportPlainMarkdownOptions } from './export-plain-markdown';
export { exportHtml, escapeHtml, type ExportHtmlOptions } from './export-html';
export { citationLines, citationSummaryLine } from './citation-lines';
export { conversationsBaseText, CONVERSATIONS_BASE_NAME } from './conversations-base';
export { findAssistantHeaders, type AssistantHeaderAnchor } from './reasoning-anchors';
export { findNoteMachineRanges, type NoteMachineRange } from './note-machine-lines';
export { classifyLine, formatHeaderTime, type FrameLine } from './note-lines';
export { neutraliseMessageText } from './inert-message-text';
export { formatAttachmentsLine } from './attachments-line';
export { visibleConversationText } from './visible-conversation-text';
export { readFrontmatterBlock, entryString } from './frontmatter';
