import type { LlmToolCall } from './chat-types';

/** One `delta.tool_calls[]` entry as providers send it; every field may be missing or empty. */
export interface ToolCallDeltaInput {
  readonly index?: number | null;
  readonly id?: string | null;
  readonly type?: string | null;
  readonly function?: { readonly name?: string | null; readonly arguments?: string | null } | null;
}

/** A finished tool call and its position among this response's calls (0, 1, ...). */
export interface TrackedToolCall {
  readonly index: number;
  readonly call: LlmToolCall;
}

interface PendingCall {
  id: string;
  name: string;
  arguments: string;
  /** Order of first appearance, which is the order calls are emitted in. */
  readonly order: number;
}

/**
 * Assembles streamed tool-call fragments into whole calls (the one place that does it, as the
 * AI SDK's `StreamingToolCallTracker`). Calls are emitted only by {@link flush}, because JSON
 * arguments that already parse may still be a truncated prefix.
 *
 * Rules, each from a provider in `shared/fixtures/openai-streams`:
 * - fragments are keyed by `index`; an entry without `index` is keyed by its position in the
 *   `tool_calls` array (Moonshot sends parallel calls and their argument deltas without one);
 * - an empty or repeated `id`, an empty `name` and a repeated `type` continue the call, they never
 *   reset it (Alibaba, zai-glm); the first non-empty name wins;
 * - an entry whose non-empty `id` differs from the call already at its key starts a new call
 *   (providers that reuse index 0 for every call);
 * - `index` need not start at 0 (Anthropic's compatibility endpoint starts at 1): emitted
 *   indexes are positions 0..n-1 in order of first appearance;
 * - empty `tool_calls: []` arrays do nothing;
 * - arguments are kept raw, even when they are not valid JSON (the agent validates them);
 *   a call that never got any argument text is emitted with `{}`.
 */
export class StreamingToolCallTracker {
  private readonly calls = new Map<number, PendingCall>();
  private nextOrder = 0;
  private argumentsSeen = 0;

  /** Characters of argument text seen so far, over every flush: what a byte cap on a response counts. */
  get argumentChars(): number {
    return this.argumentsSeen;
  }

  /** Whether any fragment has been seen since the last flush. */
  get hasCalls(): boolean {
    return this.calls.size > 0;
  }

  /** Feeds one chunk's `delta.tool_calls` array. */
  process(deltas: readonly ToolCallDeltaInput[]): void {
    deltas.forEach((delta, position) => {
      if (delta === null || typeof delta !== 'object') return;
      let key = typeof delta.index === 'number' && Number.isInteger(delta.index) ? delta.index : position;
      const id = typeof delta.id === 'string' ? delta.id : '';
      const name = typeof delta.function?.name === 'string' ? delta.function.name : '';
      const argumentsText = typeof delta.function?.arguments === 'string' ? delta.function.arguments : '';
      let call = this.calls.get(key);
      if (call && id !== '' && call.id !== '' && call.id !== id) {
        key = Math.max(...this.calls.keys()) + 1;
        call = undefined;
      }
      if (!call) {
        call = { id: '', name: '', arguments: '', order: this.nextOrder++ };
        this.calls.set(key, call);
      }
      if (call.id === '' && id !== '') call.id = id;
      if (call.name === '' && name !== '') call.name = name;
      call.arguments += argumentsText;
      this.argumentsSeen += argumentsText.length;
    });
  }

  /** Returns every call seen since the last flush, in order of first appearance, and forgets them. */
  flush(): TrackedToolCall[] {
    const pending = [...this.calls.values()].sort((left, right) => left.order - right.order);
    this.calls.clear();
    this.nextOrder = 0;
    return pending
      .filter((call) => call.name !== '' || call.arguments.trim() !== '')
      .map((call, index) => ({
        index,
        call: {
          id: call.id !== '' ? call.id : `call_${index}`,
          name: call.name,
          arguments: call.arguments.trim() === '' ? '{}' : call.arguments,
        },
      }));
  }
}
