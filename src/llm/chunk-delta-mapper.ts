import type { LlmDelta, LlmFinishReason } from './chat-types';
import { StreamingToolCallTracker, type ToolCallDeltaInput } from './streaming-tool-call-tracker';
import { ThinkTagSplitter, type ThinkTagSegment } from './think-tag-splitter';

/**
 * The loose shape of a `chat.completion.chunk` as providers really send it. Everything is
 * optional: placeholder chunks have `choices: []`, Azure sends choices without `delta`,
 * Mistral sends `content` as an array of parts.
 */
interface WireChunk {
  readonly choices?: readonly WireChoice[] | null;
  readonly usage?: WireUsage | null;
}

/** A line of Ollama's native NDJSON stream (`/api/chat` has `message`, `/api/generate` has `response`). */
interface OllamaNativeChunk {
  readonly message?: { readonly content?: string; readonly thinking?: string; readonly tool_calls?: readonly { readonly function?: { readonly name?: string; readonly arguments?: unknown } }[] } | null;
  readonly response?: string;
  readonly thinking?: string;
  readonly done?: boolean;
  readonly done_reason?: string;
  readonly prompt_eval_count?: number;
  readonly eval_count?: number;
}

interface WireChoice {
  readonly index?: number;
  readonly delta?: WireDelta | null;
  readonly finish_reason?: string | null;
  readonly usage?: WireUsage | null;
}

interface WireDelta {
  readonly content?: string | readonly WireContentPart[] | null;
  readonly reasoning_content?: string | null;
  readonly reasoning?: string | null;
  readonly thinking?: string | null;
  readonly tool_calls?: readonly ToolCallDeltaInput[] | null;
}

interface WireContentPart {
  readonly type?: string;
  readonly text?: string;
  readonly thinking?: string | readonly { readonly type?: string; readonly text?: string }[];
}

interface WireUsage {
  readonly prompt_tokens?: number;
  readonly completion_tokens?: number;
  readonly prompt_tokens_details?: { readonly cached_tokens?: number } | null;
  readonly completion_tokens_details?: { readonly reasoning_tokens?: number } | null;
}

type Usage = { promptTokens: number; completionTokens: number; reasoningTokens?: number; cachedTokens?: number };

/** Options of {@link ChunkDeltaMapper}. */
export interface ChunkDeltaMapperOptions {
  /** Passed to the {@link ThinkTagSplitter} (default 0: no missing-opening-tag window). */
  readonly holdStartChars?: number;
}

/**
 * Turns the chunks of ONE streamed response into {@link LlmDelta}s, in order. Tool calls,
 * usage and the finish reason come out at the end ({@link end}), because providers send the
 * usage-only chunk after the finish chunk and calls are complete only then.
 * Only choice 0 (or a choice without `index`) is read: we never ask for `n > 1`.
 */
export class ChunkDeltaMapper {
  private readonly tracker = new StreamingToolCallTracker();
  private readonly splitter: ThinkTagSplitter;
  private usage: Usage | undefined;
  private finishReason: LlmFinishReason | undefined;
  private readonly finishedCalls: LlmDelta[] = [];

  constructor(options: ChunkDeltaMapperOptions = {}) {
    this.splitter = new ThinkTagSplitter({ holdStartChars: options.holdStartChars ?? 0 });
  }

  /** Whether a finish reason has been seen (a stream that ends without one was cut). */
  get finished(): boolean {
    return this.finishReason !== undefined;
  }

  /** Characters of tool-call arguments read so far (the call's caps count them with its text). */
  get argumentChars(): number {
    return this.tracker.argumentChars;
  }

  /** Reads one parsed chunk. */
  push(chunk: unknown): LlmDelta[] {
    if (chunk === null || typeof chunk !== 'object') return [];
    const wire = chunk as WireChunk;
    const deltas: LlmDelta[] = [];
    if (!('choices' in wire) && typeof (chunk as OllamaNativeChunk).done === 'boolean') {
      this.readOllamaNative(chunk, deltas);
      return deltas;
    }
    this.noteUsage(wire.usage);
    const choices: readonly unknown[] = Array.isArray(wire.choices) ? wire.choices : [];
    for (const entry of choices) {
      if (entry === null || typeof entry !== 'object') continue;
      const choice = entry as WireChoice;
      if (choice.index !== undefined && choice.index !== 0) continue;
      this.noteUsage(choice.usage);
      if (choice.delta && typeof choice.delta === 'object') this.readDelta(choice.delta, deltas);
      if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') {
        this.finishReason = mapFinishReason(choice.finish_reason);
        // Close this response's calls now: a second response may follow in the same stream
        // (Cerebras) and restart its indexes at 0.
        pushSegments(deltas, this.splitter.flush());
        for (const tracked of this.tracker.flush()) this.finishedCalls.push({ type: 'tool_call', call: tracked.call, index: tracked.index });
      }
    }
    return deltas;
  }

  /** The stream is over: releases held text, then tool calls, usage and the finish reason. */
  end(): LlmDelta[] {
    const deltas: LlmDelta[] = [];
    pushSegments(deltas, this.splitter.flush());
    for (const tracked of this.tracker.flush()) this.finishedCalls.push({ type: 'tool_call', call: tracked.call, index: tracked.index });
    deltas.push(...this.finishedCalls);
    if (this.usage) deltas.push({ type: 'usage', ...this.usage });
    let reason = this.finishReason ?? 'other';
    // Some servers (older Ollama, llama.cpp) say "stop" although they called tools; LocalAI says "" or nothing.
    if ((reason === 'stop' || this.finishReason === undefined) && this.finishedCalls.length > 0) reason = 'tool_calls';
    deltas.push({ type: 'finish', reason });
    return deltas;
  }

  private readDelta(delta: WireDelta, deltas: LlmDelta[]): void {
    const reasoning = firstString(delta.reasoning_content, delta.reasoning, delta.thinking);
    if (reasoning !== undefined) {
      pushSegments(deltas, this.splitter.releaseStart());
      if (reasoning !== '') deltas.push({ type: 'reasoning', text: reasoning });
    }
    const content = delta.content;
    if (typeof content === 'string') {
      pushSegments(deltas, this.splitter.push(content));
    } else if (Array.isArray(content)) {
      for (const part of content as readonly WireContentPart[]) this.readContentPart(part, deltas);
    }
    if (Array.isArray(delta.tool_calls) && delta.tool_calls.length > 0) {
      pushSegments(deltas, this.splitter.releaseStart());
      this.tracker.process(delta.tool_calls);
    }
  }

  private readContentPart(part: WireContentPart, deltas: LlmDelta[]): void {
    if (part === null || typeof part !== 'object') return;
    if (part.type === 'thinking') {
      const thinking = part.thinking;
      const items: readonly unknown[] = Array.isArray(thinking) ? thinking : [];
      const text = typeof thinking === 'string' ? thinking : items.map(partText).join('');
      pushSegments(deltas, this.splitter.releaseStart());
      if (text !== '') deltas.push({ type: 'reasoning', text });
    } else if (part.type === 'text' && typeof part.text === 'string') {
      pushSegments(deltas, this.splitter.push(part.text));
    }
  }

  /** Ollama's native NDJSON, reframed as SSE by `readingServerStreams`: the same deltas as its `/v1`. */
  private readOllamaNative(chunk: OllamaNativeChunk, deltas: LlmDelta[]): void {
    const listed: unknown = chunk.message?.tool_calls;
    const calls: NonNullable<NonNullable<OllamaNativeChunk['message']>['tool_calls']> = Array.isArray(listed) ? (listed as NonNullable<NonNullable<OllamaNativeChunk['message']>['tool_calls']>) : [];
    this.readDelta(
      {
        content: chunk.message?.content ?? chunk.response ?? null,
        reasoning: chunk.message?.thinking ?? chunk.thinking ?? null,
        // Native calls carry their arguments as an object, and no id.
        tool_calls: calls.map((call, index) => ({ index, function: { name: call.function?.name ?? '', arguments: JSON.stringify(call.function?.arguments ?? {}) } })),
      },
      deltas,
    );
    if (chunk.done === true) {
      this.noteUsage({ prompt_tokens: chunk.prompt_eval_count, completion_tokens: chunk.eval_count });
      this.finishReason = mapFinishReason(calls.length > 0 || this.tracker.hasCalls ? 'tool_calls' : (chunk.done_reason ?? 'stop'));
      pushSegments(deltas, this.splitter.flush());
      for (const tracked of this.tracker.flush()) this.finishedCalls.push({ type: 'tool_call', call: tracked.call, index: tracked.index });
    }
  }

  private noteUsage(usage: WireUsage | null | undefined): void {
    if (!usage || typeof usage !== 'object') return;
    if (typeof usage.prompt_tokens !== 'number' && typeof usage.completion_tokens !== 'number') return;
    // LocalAI sends zeros on every chunk: that is no count at all, not a count of zero.
    if (!usage.prompt_tokens && !usage.completion_tokens) return;
    const reasoningTokens = usage.completion_tokens_details?.reasoning_tokens;
    const cachedTokens = usage.prompt_tokens_details?.cached_tokens;
    this.usage = {
      promptTokens: usage.prompt_tokens ?? 0,
      completionTokens: usage.completion_tokens ?? 0,
      ...(typeof reasoningTokens === 'number' ? { reasoningTokens } : {}),
      ...(typeof cachedTokens === 'number' ? { cachedTokens } : {}),
    };
  }
}

function pushSegments(deltas: LlmDelta[], segments: readonly ThinkTagSegment[]): void {
  for (const segment of segments) deltas.push({ type: segment.type, text: segment.text });
}

function partText(item: unknown): string {
  if (item === null || typeof item !== 'object') return '';
  const text = (item as { text?: unknown }).text;
  return typeof text === 'string' ? text : '';
}

function firstString(...values: readonly unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string') return value;
  return undefined;
}

/** Maps a provider's finish reason onto ours; unknown values become `other`. */
export function mapFinishReason(reason: string): LlmFinishReason {
  switch (reason) {
    case 'stop':
    case 'end_turn':
      return 'stop';
    case 'tool_calls':
    case 'function_call':
    case 'tool_use':
      return 'tool_calls';
    case 'length':
    case 'max_tokens':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    default:
      return 'other';
  }
}
