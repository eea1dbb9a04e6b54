/**
 * Scripted scenarios for the model server: plain data (so a test can also write them by hand)
 * plus a small builder, e.g.
 * `scenario().turn((t) => t.reasoning('Plan').toolCall('localSearch', { query: 'x' })).turn((t) => t.text('Done.'))`.
 */

/** Which field carries native reasoning in the streamed deltas. */
export type ReasoningField = 'reasoning_content' | 'reasoning' | 'thinking';

/** One thing a turn streams, in order. */
export type ScenarioEmit =
  | { readonly type: 'reasoning'; readonly text: string; readonly field: ReasoningField; readonly chunkChars: number }
  | { readonly type: 'text'; readonly text: string; readonly chunkChars: number }
  | { readonly type: 'tool_call'; readonly id: string; readonly name: string; readonly arguments: string; readonly fragments: number }
  | { readonly type: 'usage'; readonly promptTokens: number; readonly completionTokens: number }
  | { readonly type: 'pause'; readonly ms: number }
  | { readonly type: 'hold'; readonly until: PromiseLike<unknown> }
  | { readonly type: 'cut' }
  | { readonly type: 'end' }
  | { readonly type: 'malformed'; readonly text: string }
  | { readonly type: 'stream_error'; readonly message: string }
  | { readonly type: 'raw'; readonly data: string };

/** An HTTP error answered instead of the stream, for the first `times` requests of the turn. */
export interface ScenarioHttpError {
  readonly status: number;
  readonly message: string;
  /** How many requests of this turn get the error before it streams normally (default: always). */
  readonly times: number;
  /** Sent as the `retry-after` header (seconds) when set. */
  readonly retryAfterSeconds?: number;
  /** Only requests that offer tools get the error (Ollama's "… does not support tools"). */
  readonly onlyWithTools?: boolean;
}

/** One model response. */
export interface ScenarioTurn {
  readonly emits: readonly ScenarioEmit[];
  /** Default: `tool_calls` when the turn calls a tool, else `stop`. */
  readonly finishReason?: string;
  /** Milliseconds between chunks (slow mode); default the server's `chunkDelayMs`. */
  readonly chunkDelayMs?: number;
  readonly httpError?: ScenarioHttpError;
}

/**
 * How the server picks the turn for a request:
 * - `run` (default): the number of assistant messages after the last user message (one agent run);
 * - `conversation`: the number of assistant messages in the whole request;
 * - `request`: a counter per scenario that advances with every request.
 * Past the last turn, the last turn repeats.
 */
export type TurnSelection = 'run' | 'conversation' | 'request';

/** A scripted multi-turn scenario. */
export interface Scenario {
  readonly turns: readonly ScenarioTurn[];
  readonly turnSelection: TurnSelection;
}

const DEFAULT_CHUNK_CHARS = 8;
let generatedIds = 0;

/** Builds one turn; every method returns the builder. */
export class TurnBuilder {
  private readonly emits: ScenarioEmit[] = [];
  private finishReason: string | undefined;
  private chunkDelayMs: number | undefined;
  private httpErrorValue: ScenarioHttpError | undefined;
  private toolCalls = 0;

  /** Native reasoning, streamed in pieces of `chunkChars` characters in `field` (default `reasoning_content`). */
  reasoning(text: string, options: { field?: ReasoningField; chunkChars?: number } = {}): this {
    this.emits.push({ type: 'reasoning', text, field: options.field ?? 'reasoning_content', chunkChars: options.chunkChars ?? DEFAULT_CHUNK_CHARS });
    return this;
  }

  /** Answer text (`delta.content`), streamed in pieces of `chunkChars` characters. */
  text(text: string, options: { chunkChars?: number } = {}): this {
    this.emits.push({ type: 'text', text, chunkChars: options.chunkChars ?? DEFAULT_CHUNK_CHARS });
    return this;
  }

  /** Reasoning inlined in the content as `<think>…</think>` (or `<thinking>`), split like text. */
  think(text: string, options: { tag?: 'think' | 'thinking'; chunkChars?: number } = {}): this {
    const tag = options.tag ?? 'think';
    return this.text(`<${tag}>${text}</${tag}>`, options);
  }

  /**
   * A tool call; `args` is an object (sent as JSON) or a raw string (sent as is, e.g. invalid
   * JSON). The arguments stream in `fragments` pieces (default 3; 1 = whole call in one chunk).
   */
  toolCall(name: string, args: Record<string, unknown> | string, options: { id?: string; fragments?: number } = {}): this {
    const id = options.id ?? `call_${++generatedIds}_${this.toolCalls}`;
    this.toolCalls++;
    const argumentsText = typeof args === 'string' ? args : JSON.stringify(args);
    this.emits.push({ type: 'tool_call', id, name, arguments: argumentsText, fragments: Math.max(1, options.fragments ?? 3) });
    return this;
  }

  /** A usage-only chunk at the end (otherwise the server estimates usage when asked for it). */
  usage(promptTokens: number, completionTokens: number): this {
    this.emits.push({ type: 'usage', promptTokens, completionTokens });
    return this;
  }

  /** The finish reason of the final chunk. */
  finish(reason: 'stop' | 'tool_calls' | 'length' | 'content_filter' | (string & {})): this {
    this.finishReason = reason;
    return this;
  }

  /** Milliseconds between chunks for this turn. */
  delay(chunkDelayMs: number): this {
    this.chunkDelayMs = chunkDelayMs;
    return this;
  }

  /** Waits `ms` before the next emit (e.g. a slow tool-call decision). */
  pause(ms: number): this {
    this.emits.push({ type: 'pause', ms });
    return this;
  }

  /**
   * Waits here until `until` settles: a gate the test opens, so a test that acts mid-stream
   * waits for what it sees rather than racing a pause (only for a server in the test's process).
   */
  hold(until: PromiseLike<unknown>): this {
    this.emits.push({ type: 'hold', until });
    return this;
  }

  /** Fault: destroys the socket here, mid-stream, without `[DONE]`. */
  cut(): this {
    this.emits.push({ type: 'cut' });
    return this;
  }

  /** Fault: ends the response here, cleanly, with neither a finish chunk nor `[DONE]`. */
  end(): this {
    this.emits.push({ type: 'end' });
    return this;
  }

  /** Fault: sends a `data:` line that is not valid JSON. */
  malformedChunk(text = '{"id":"broken","choices":[{"delta":{"content":"oops"'): this {
    this.emits.push({ type: 'malformed', text });
    return this;
  }

  /** Fault: sends an in-stream error object (`data: {"error":{...}}`) and ends the stream. */
  streamError(message: string): this {
    this.emits.push({ type: 'stream_error', message });
    return this;
  }

  /** Sends one `data:` line exactly as given. */
  raw(data: string): this {
    this.emits.push({ type: 'raw', data });
    return this;
  }

  /** Fault: answers with an HTTP error (OpenAI-style body) for the first `times` requests of this turn. */
  httpError(status: number, message = `Scripted HTTP ${status}`, options: { times?: number; retryAfterSeconds?: number; onlyWithTools?: boolean } = {}): this {
    this.httpErrorValue = { status, message, times: options.times ?? Number.POSITIVE_INFINITY, retryAfterSeconds: options.retryAfterSeconds, ...(options.onlyWithTools === true ? { onlyWithTools: true } : {}) };
    return this;
  }

  /** The turn as plain data. */
  build(): ScenarioTurn {
    return { emits: [...this.emits], finishReason: this.finishReason, chunkDelayMs: this.chunkDelayMs, httpError: this.httpErrorValue };
  }
}

/** Builds a {@link Scenario}; it is one itself, so pass it to the server as is. */
export class ScenarioBuilder implements Scenario {
  readonly turns: ScenarioTurn[] = [];
  turnSelection: TurnSelection = 'run';

  /** Adds a turn. */
  turn(define: (turn: TurnBuilder) => TurnBuilder): this {
    this.turns.push(define(new TurnBuilder()).build());
    return this;
  }

  /** Sets how turns are picked (see {@link TurnSelection}). */
  selectTurnsBy(selection: TurnSelection): this {
    this.turnSelection = selection;
    return this;
  }
}

/** Starts a scenario. */
export function scenario(): ScenarioBuilder {
  return new ScenarioBuilder();
}

/** One turn as data, e.g. for a policy that computes its answer. */
export function turn(define: (turn: TurnBuilder) => TurnBuilder): ScenarioTurn {
  return define(new TurnBuilder()).build();
}
