/**
 * The wire-neutral shapes between the chain runner and a streaming chat model.
 * `src/llm` turns OpenAI chunks into {@link LlmDelta}s; `src/agent` consumes them.
 */

/** A tool call in the provider transcript. */
export interface LlmToolCall {
  readonly id: string;
  readonly name: string;
  /** The raw JSON text of the arguments, exactly as the model sent it. */
  readonly arguments: string;
}

/** One message of the provider transcript (OpenAI chat format, minus the wire details). */
export type LlmMessage =
  | { readonly role: 'system'; readonly content: string }
  | { readonly role: 'user'; readonly content: string; readonly images?: readonly LlmImage[] }
  | {
      readonly role: 'assistant';
      readonly content: string;
      readonly toolCalls?: readonly LlmToolCall[];
      /** Native reasoning text of this turn, kept for the transcript. */
      readonly reasoning?: string;
    }
  | { readonly role: 'tool'; readonly toolCallId: string; readonly content: string };

/** A function tool offered to the model, as a JSON schema. */
/** An image sent with a user message (DESIGN.md 12.4): a `data:` URL, so nothing is fetched by the server from elsewhere. */
export interface LlmImage {
  readonly url: string;
}

export interface LlmToolSchema {
  readonly name: string;
  readonly description: string;
  readonly parameters: Record<string, unknown>;
}

/** One streamed model call. */
export interface LlmRequest {
  readonly model: string;
  readonly messages: readonly LlmMessage[];
  readonly tools?: readonly LlmToolSchema[];
  readonly temperature?: number;
}

/** Why the model stopped. */
export type LlmFinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'other';

/** What a streaming call yields, in order. */
export type LlmDelta =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'reasoning'; readonly text: string }
  /** A complete tool call, emitted only once the stream has finished it (on flush). */
  | { readonly type: 'tool_call'; readonly call: LlmToolCall; readonly index: number }
  | { readonly type: 'usage'; readonly promptTokens: number; readonly completionTokens: number }
  | { readonly type: 'finish'; readonly reason: LlmFinishReason };

/**
 * The one-method seam between the agent and a model (as small as assistant-ui's ChatModelAdapter).
 * Errors are thrown as `LlmError` subclasses; abort via the signal throws an `AbortError`-named error.
 */
export interface ChatModel {
  stream(request: LlmRequest, signal: AbortSignal): AsyncIterable<LlmDelta>;
}
