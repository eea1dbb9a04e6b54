import type { LlmMessage } from '../llm';

/**
 * One conversation as the chat view holds it and as its note stores it (docs/conversation-format.md).
 * Plain readonly data: the note format, the chat view and the CLI all build and read these.
 */
export interface Conversation {
  /** Stable identity, written to the note's frontmatter `id`; how a reopened chat finds its note. Empty when the note had none. */
  readonly id: string;
  /** Shown in the history list; made from the first question. */
  readonly title: string;
  /** Epoch ms. */
  readonly createdAt: number;
  /** Epoch ms of the last saved turn. */
  readonly updatedAt: number;
  /** The model name the last turn used. */
  readonly model: string;
  readonly messages: readonly ConversationMessage[];
  /**
   * Every other frontmatter entry (tags, aliases, the user's own properties), kept verbatim in
   * order so a save never rewrites what the user wrote there. {@link createConversation} adds `tags: [glassbox]`.
   */
  readonly extraFrontmatter: readonly FrontmatterEntry[];
}

/** One frontmatter entry, as YAML source: `key: value` and any indented continuation lines. */
export interface FrontmatterEntry {
  /** The top-level key; empty for comment lines that precede every key. */
  readonly key: string;
  /** The entry's YAML text, without a trailing newline. */
  readonly text: string;
}

/** Who wrote a message. */
export type ConversationRole = 'user' | 'assistant';

/** One message of a conversation. */
export interface ConversationMessage {
  /**
   * Stable within the conversation; how a save recognises a message already in the note.
   * Messages a user typed into the note by hand have none.
   */
  readonly id?: string;
  readonly role: ConversationRole;
  /** Epoch ms when it was sent (user) or when the run started (assistant); null when unknown. */
  readonly at: number | null;
  /** User text, or the assistant content: REASONING_BLOCK marker, blank line, answer (DESIGN.md 3.1). */
  readonly content: string;
  /** The provider messages of this turn (tool calls, tool results, raw reasoning), to continue the chat. */
  readonly transcript?: readonly LlmMessage[];
  /** Set on an assistant turn that ended waiting for the user's answer to `request_input`. */
  readonly pendingInput?: PendingInput;
  /** The `[Context: …]` line of an imported message (the notes it was asked about). */
  readonly context?: string;
  /** What was attached to a question (DESIGN.md 11.1): the note lists it as links under the question. */
  readonly attachments?: MessageAttachments;
  /**
   * Set on an answer made by "Regenerate" (DESIGN.md 12.3): the id of the first answer to the same
   * question. Answers sharing it are alternates; the chat shows one of them (`answer-alternates.ts`).
   */
  readonly alternateOf?: string;
  /** Epoch ms when the user last chose this answer among its alternates; the latest choice is shown. */
  readonly shownAt?: number;
}

/** A question's attachments as the conversation note records them (no note text, only what was sent). */
export interface MessageAttachments {
  readonly notes: readonly AttachedNoteRecord[];
  /** `[[Links]]` in the question that named no note. */
  readonly missingLinks?: readonly string[];
  readonly scope?: { readonly folders?: readonly string[]; readonly tags?: readonly string[] };
  /** Images sent with the question: a vault image by its path (the note embeds it), another by its file name. */
  readonly images?: readonly AttachedImageRecord[];
}

/** One image sent with a question: never its data, only where it is and its size. */
export interface AttachedImageRecord {
  readonly name: string;
  readonly path?: string;
  readonly bytes: number;
}

/** One attached note or selection: its vault path, how it came, its size and whether it was cut. */
export interface AttachedNoteRecord {
  readonly kind: 'note' | 'link' | 'selection';
  readonly path: string;
  /** Lines of a selection (1-based, inclusive). */
  readonly lines?: { readonly from: number; readonly to: number };
  /** Characters of the whole note or selection. */
  readonly chars: number;
  readonly cut?: boolean;
  readonly notice?: string;
}

/** A `request_input` question that was still open when the turn was saved. */
export interface PendingInput {
  readonly question: string;
  readonly options?: readonly string[];
  /** The agent's request id, so an answer given after reopening reaches the right call. */
  readonly requestId?: string;
  readonly [extra: string]: unknown;
}

/** The tag every Glassbox conversation note carries. */
export const CONVERSATION_TAG = 'glassbox';

/** Options of {@link createConversation}. */
export interface CreateConversationOptions {
  readonly model: string;
  /** Epoch ms; defaults to `Date.now()`. */
  readonly now?: number;
  readonly id?: string;
  readonly title?: string;
}

/** A new, empty conversation with a fresh id and the `glassbox` tag. */
export function createConversation(options: CreateConversationOptions): Conversation {
  const now = options.now ?? Date.now();
  return {
    id: options.id ?? createConversationId(now),
    title: options.title ?? '',
    createdAt: now,
    updatedAt: now,
    model: options.model,
    messages: [],
    extraFrontmatter: [{ key: 'tags', text: `tags:\n  - ${CONVERSATION_TAG}` }],
  };
}

/** A conversation id: time-ordered and unique enough for one vault (`gb-` + base-36 time + random). */
export function createConversationId(now: number = Date.now()): string {
  return `gb-${now.toString(36)}-${randomSuffix()}`;
}

/** A message id, unique within its conversation. */
export function createMessageId(now: number = Date.now()): string {
  return `msg-${now.toString(36)}-${randomSuffix()}`;
}

function randomSuffix(): string {
  return Math.floor(Math.random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
}

/**
 * Gives every message without an id one made from its position (`m1`, `m2`, …). Positions are
 * stable because a chat only appends, so repeated saves of the same chat agree on them.
 */
export function withMessageIds(conversation: Conversation): Conversation {
  if (conversation.messages.every((message) => message.id !== undefined)) return conversation;
  return {
    ...conversation,
    messages: conversation.messages.map((message, index) => (message.id === undefined ? { ...message, id: `m${index + 1}` } : message)),
  };
}
