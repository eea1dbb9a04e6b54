import type { ReasoningPayload } from './reasoning-payload';

/**
 * A tool-call banner as saved by earlier chat plugins (DESIGN.md 3.2):
 * `<!--TOOL_CALL_START:id:toolName:displayName:emoji:confirmationMessage:isExecuting-->CONTENT<!--TOOL_CALL_END:id:RESULT-->`.
 * Read only; never written again.
 */
export interface LegacyToolCall {
  readonly id: string;
  readonly toolName: string;
  /** Falls back to `toolName` when the header has no display name. */
  readonly displayName: string;
  readonly emoji: string;
  readonly confirmationMessage: string;
  /**
   * True only when the header says `true` AND no `TOOL_CALL_END` closes the banner: a banner
   * with a result is finished, whatever its header was left saying.
   */
  readonly isExecuting: boolean;
  /** Raw text between the header and the END marker ('' when the banner is unclosed). */
  readonly content: string;
  /** The decoded result (`ENC:` results are URI-decoded), or null when there is no END marker. */
  readonly result: string | null;
}

/** A `<think>` / `<thinking>` section of the answer text. */
export interface ThinkSection {
  /** The text inside the tags, trimmed. */
  readonly text: string;
  /** False while the model is still thinking (no closing tag yet). */
  readonly closed: boolean;
}

/** One piece of an assistant message, in order: visible Markdown, a tool banner or a think section. */
export type ContentSegment =
  | { readonly type: 'markdown'; readonly text: string }
  | { readonly type: 'tool_call'; readonly call: LegacyToolCall }
  | { readonly type: 'think'; readonly think: ThinkSection };

/**
 * What the leading REASONING_BLOCK marker of a message gave, as exactly one of three states:
 * no marker, a payload (normalised to version 1), or a marker that could not be read
 * ("Reasoning unavailable"). A payload and an error together cannot be written.
 */
export type ParsedReasoning =
  | { readonly reasoning: null; readonly reasoningError: false }
  | { readonly reasoning: ReasoningPayload; readonly reasoningError: false }
  | { readonly reasoning: null; readonly reasoningError: true };

/** What the message body holds besides the leading marker. */
export interface ParsedBody {
  /** The body after the leading marker, in order. Adjacent Markdown is merged; empty Markdown is left out. */
  readonly segments: readonly ContentSegment[];
  /** The visible Markdown: the `markdown` segments joined, every marker and think section removed. */
  readonly text: string;
  readonly legacyToolCalls: readonly LegacyToolCall[];
  readonly thinks: readonly ThinkSection[];
}

/** Everything {@link parseAssistantContent} reads out of an assistant message's content. */
export type ParsedAssistantContent = ParsedReasoning & ParsedBody;
