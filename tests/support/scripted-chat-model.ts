import type { ChatModel, LlmDelta, LlmRequest } from '../../src/llm/chat-types';
import type { FakeClock } from './fake-clock';

/** One scripted action of a streamed model call. */
export type ScriptedAction =
  | LlmDelta
  /** Moves the fake clock. */
  | { readonly type: 'advance'; readonly ms: number }
  /** Runs a callback mid-stream (e.g. pressing stop). */
  | { readonly type: 'call'; readonly run: () => void }
  /** Throws this error from the stream. */
  | { readonly type: 'throw'; readonly error: Error }
  /** Waits until the signal aborts, then throws an AbortError (a model that is still thinking). */
  | { readonly type: 'hang' };

/**
 * A scripted fake {@link ChatModel} that records every request it gets (STYLE.md: "a scripted
 * fake model that records its calls"). Each `stream` call plays the next turn of the script;
 * it honours the signal like the real client (throws an `AbortError`-named error).
 */
export class ScriptedChatModel implements ChatModel {
  readonly requests: LlmRequest[] = [];
  private next = 0;

  constructor(
    private readonly turns: readonly (readonly ScriptedAction[])[],
    private readonly clock?: FakeClock,
  ) {}

  /** How many turns of the script have not been played. */
  get remaining(): number {
    return this.turns.length - this.next;
  }

  async *stream(request: LlmRequest, signal: AbortSignal): AsyncIterable<LlmDelta> {
    // Deep copy: the runner keeps appending to the arrays it passes.
    this.requests.push(structuredClone<LlmRequest>(request));
    const turn = this.turns[this.next];
    this.next += 1;
    if (turn === undefined) throw new Error(`The script has no turn ${this.next}.`);
    for (const action of turn) {
      await Promise.resolve();
      if (signal.aborted) throw abortError();
      switch (action.type) {
        case 'advance':
          this.clock?.advance(action.ms);
          break;
        case 'call':
          action.run();
          break;
        case 'throw':
          throw action.error;
        case 'hang':
          await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
          throw abortError();
        default:
          yield action;
      }
    }
  }
}

function abortError(): Error {
  const error = new Error('The request was aborted.');
  error.name = 'AbortError';
  return error;
}

/** Small constructors for script actions. */
export const say = {
  text: (text: string): LlmDelta => ({ type: 'text', text }),
  reasoning: (text: string): LlmDelta => ({ type: 'reasoning', text }),
  toolCall: (options: { id: string; name: string; args: unknown; index?: number }): LlmDelta => ({
    type: 'tool_call',
    index: options.index ?? 0,
    call: { id: options.id, name: options.name, arguments: typeof options.args === 'string' ? options.args : JSON.stringify(options.args) },
  }),
  usage: (promptTokens: number, completionTokens: number): LlmDelta => ({ type: 'usage', promptTokens, completionTokens }),
  finish: (reason: 'stop' | 'tool_calls' = 'stop'): LlmDelta => ({ type: 'finish', reason }),
  advance: (ms: number): ScriptedAction => ({ type: 'advance', ms }),
  call: (run: () => void): ScriptedAction => ({ type: 'call', run }),
  fail: (error: Error): ScriptedAction => ({ type: 'throw', error }),
  hang: (): ScriptedAction => ({ type: 'hang' }),
};
