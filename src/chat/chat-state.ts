import type { AgentApprovalChoice, AgentLoopStyle, LiveRun } from '../agent';
import type { Conversation, ConversationMessage } from '../conversation';
import { composeAssistantContent, type ReasoningChange } from '../markers';

/** A message as the chat view holds it: the conversation note's message with a required id. */
export interface ChatMessage extends ConversationMessage {
  readonly id: string;
  /**
   * The run of this assistant message while it goes on: its steps and answer as values, which the
   * renderer shows as they are (DESIGN.md 12.2). `content` is then '' until the run ends; a save
   * composes the marker from these ({@link savedContentOf}).
   */
  readonly run?: LiveRun;
}

/** The content a message is saved with: a live run's marker and answer composed now, else its content. */
export function savedContentOf(message: ChatMessage): string {
  return message.run === undefined ? message.content : composeAssistantContent(message.run.reasoning, message.run.answer);
}

/** `message` as the conversation note keeps it: the live run composed into its content. */
export function savedMessageOf(message: ChatMessage): ChatMessage {
  if (message.run === undefined) return message;
  const { run: _run, ...rest } = message;
  return { ...rest, content: savedContentOf(message) };
}

/** The `request_input` question the card shows. */
export interface ChatPendingInput {
  readonly requestId: string;
  readonly question: string;
  readonly options: readonly string[];
}

/** The approval card of a tool call that waits for the user (an MCP call, a note write). */
export interface ChatPendingApproval {
  readonly requestId: string;
  readonly toolName: string;
  readonly title: string;
  readonly detail?: string;
  /** A note write's proposed change: the card shows its diff. */
  readonly change?: ReasoningChange;
  readonly choices: readonly AgentApprovalChoice[];
}

/**
 * Everything the chat panel shows. Messages are kept by id with a separate id list, so a
 * streaming message changes one entry and the list itself stays the same object.
 */
export interface ChatState {
  /** The conversation's identity and note metadata; its `messages` are not kept current here. */
  readonly conversation: Conversation;
  /** The note the conversation is saved in ('' before its first save); links resolve against it. */
  readonly notePath: string;
  readonly messageIds: readonly string[];
  readonly messages: Readonly<Record<string, ChatMessage>>;
  /** The assistant message of the run in progress. */
  readonly liveMessageId: string | null;
  readonly running: boolean;
  /** The error line under the messages when the last run failed. */
  readonly error: string | null;
  /** Whether the error is fixed in the plugin's settings (the error line then offers to open them). */
  readonly errorOpensSettings: boolean;
  /** A neutral notice, e.g. "The vault index is still being built". */
  readonly notice: string | null;
  readonly pendingInput: ChatPendingInput | null;
  readonly pendingApproval: ChatPendingApproval | null;
  readonly model: string;
  readonly loopStyle: AgentLoopStyle;
  readonly maxIterations: number;
}

/** The messages of `state` in order. */
export function orderedMessages(state: ChatState): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const id of state.messageIds) {
    const message = state.messages[id];
    if (message !== undefined) messages.push(message);
  }
  return messages;
}

/** `state` with one message replaced (or added at the end). */
export function withMessage(state: ChatState, message: ChatMessage): ChatState {
  const known = state.messages[message.id] !== undefined;
  return {
    ...state,
    messages: { ...state.messages, [message.id]: message },
    messageIds: known ? state.messageIds : [...state.messageIds, message.id],
  };
}

/** A chat showing `conversation` with no messages yet, no run, and the given run options. */
export function emptyChatState(options: { conversation: Conversation; notePath?: string; model: string; loopStyle: AgentLoopStyle; maxIterations: number }): ChatState {
  return {
    conversation: options.conversation,
    notePath: options.notePath ?? '',
    messageIds: [],
    messages: {},
    liveMessageId: null,
    running: false,
    error: null,
    errorOpensSettings: false,
    notice: null,
    pendingInput: null,
    pendingApproval: null,
    model: options.model,
    loopStyle: options.loopStyle,
    maxIterations: options.maxIterations,
  };
}
