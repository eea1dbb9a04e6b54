import type { ChatModel, LlmDelta, LlmRequest, LlmToolCall } from '../../src/llm/chat-types';

/** Everything one `ChatModel.stream` call produced, folded for assertions. */
export interface CollectedStream {
  readonly deltas: LlmDelta[];
  readonly text: string;
  readonly reasoning: string;
  readonly toolCalls: LlmToolCall[];
  readonly usage: { promptTokens: number; completionTokens: number } | undefined;
  readonly finish: string | undefined;
  /** What the stream threw, if anything (the deltas before it are kept). */
  readonly error: unknown;
}

/** Runs one stream to its end (or its error) and folds the deltas. */
export async function collectStream(model: ChatModel, request: Partial<LlmRequest> & { model: string }, signal: AbortSignal = new AbortController().signal): Promise<CollectedStream> {
  const deltas: LlmDelta[] = [];
  let error: unknown;
  try {
    for await (const delta of model.stream({ messages: [{ role: 'user', content: 'Hello' }], ...request }, signal)) deltas.push(delta);
  } catch (caught) {
    error = caught;
  }
  return foldDeltas(deltas, error);
}

/** Folds deltas into text, reasoning, calls, usage and finish reason. */
export function foldDeltas(deltas: LlmDelta[], error?: unknown): CollectedStream {
  let text = '';
  let reasoning = '';
  const toolCalls: LlmToolCall[] = [];
  let usage: CollectedStream['usage'];
  let finish: string | undefined;
  for (const delta of deltas) {
    if (delta.type === 'text') text += delta.text;
    else if (delta.type === 'reasoning') reasoning += delta.text;
    else if (delta.type === 'tool_call') toolCalls.push(delta.call);
    else if (delta.type === 'usage') usage = { promptTokens: delta.promptTokens, completionTokens: delta.completionTokens };
    else finish = delta.reason;
  }
  return { deltas, text, reasoning, toolCalls, usage, finish, error };
}
