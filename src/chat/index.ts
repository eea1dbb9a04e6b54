/**
 * The chat core: what the chat view does, with neither React nor Obsidian. The controller routes
 * the user's actions to runs, the open question and saving; the store holds what is on screen
 * and publishes it at most once per animation frame.
 */
export { ChatController, type ChatApprovalMemory, type ChatControllerOptions, type ChatRunRequest, type ChatRunSetup } from './chat-controller';
export { ChatStore, type ChatStateRecipe } from './chat-store';
export { type ChatMessage, type ChatPendingApproval, type ChatPendingInput, type ChatState, emptyChatState, orderedMessages, savedContentOf, withMessage } from './chat-state';
export { type FrameScheduler, animationFrameScheduler } from './frame-scheduler';
export { toHistory } from './chat-history';
export { resumableMessageId } from './resumable-turn';
export { answerVersion, regenerableAnswerId, shownMessageIds, type AnswerVersion } from './answer-versions';
export { closeSavedQuestion, continuationOf, type SavedInputOutcome } from './saved-question';
export type { AttachedContext, ContextAttachment, QuestionContext, QuestionScope, QuestionSelection } from '../agent';
export { type ContextChip, DraftContext, type DraftContextState, type DraftNote } from './draft-context';
export { sendDraft } from './send-draft';
export { attachmentsRecord } from './attachments-record';
export { ChatSession, type ChatAttention, type ChatSessionOptions } from './chat-session';
export type { ConversationSaver, SavedConversation } from './chat-persistence';
