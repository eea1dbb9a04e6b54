import type { ChatModel, LlmFinishReason, LlmRequest, LlmToolCall } from '../llm';
import { LIMITS } from '../markers';
import { clampLine, clampText, firstLine } from './clamp-text';
import type { RunRecorder } from './run-recorder';

/**
 * Where a model call's text goes:
 * - `answer`: straight into the visible answer (final answer calls).
 * - `tools`: into the answer, but held back until it passes {@link HOLD_CHARS} or the call
 *   ends, because text before tool calls ("Let me search…") is narration, not the answer; held
 *   text followed by tool calls becomes a thought step instead.
 * - `hidden`: collected only (the reason and observe phases read it themselves).
 */
export type TurnTextMode = 'answer' | 'tools' | 'hidden';

/** Held text longer than this is taken to be the answer and starts streaming. */
export const HOLD_CHARS = 160;

/** What one streamed model call produced. It never throws: failures come back in `error`. */
export interface ModelTurnResult {
  readonly text: string;
  readonly reasoning: string;
  readonly toolCalls: readonly LlmToolCall[];
  readonly finishReason: LlmFinishReason | undefined;
  /** Whether any of this call's text went into the visible answer. */
  readonly answered: boolean;
  /** The error that ended the stream early (an abort, an `LlmError`, ...). */
  readonly error?: unknown;
}

/**
 * Streams one model call and turns its deltas into events: native reasoning into a
 * `reasoning` step (first line as summary, text as detail, updated line by line, with raw
 * `reasoning_delta`s in between), text per `mode`, tool calls collected in order of `index`.
 */
export async function streamModelTurn(options: { model: ChatModel; request: LlmRequest; signal: AbortSignal; recorder: RunRecorder; mode: TurnTextMode; maxTextChars?: number }): Promise<ModelTurnResult> {
  const { recorder, mode } = options;
  const reasoning = new ReasoningStepWriter(recorder);
  const indexed: { index: number; call: LlmToolCall }[] = [];
  let text = '';
  let held = '';
  let released = false;
  let finishReason: LlmFinishReason | undefined;
  const release = (piece: string) => {
    // A second answer piece of the run (after tool work) starts its own paragraph.
    const prefix = !released && recorder.answerStarted && !recorder.answer.endsWith('\n\n') ? '\n\n' : '';
    released = true;
    recorder.appendAnswer(prefix + piece);
  };
  let error: unknown;
  try {
    for await (const delta of options.model.stream(options.request, options.signal)) {
      switch (delta.type) {
        case 'reasoning':
          reasoning.append(delta.text);
          break;
        case 'text':
          if (delta.text === '') break;
          reasoning.finish();
          text += delta.text;
          if (mode === 'answer' || (mode === 'tools' && released)) release(delta.text);
          else if (mode === 'tools') {
            held += delta.text;
            if (held.length > HOLD_CHARS) {
              release(held);
              held = '';
            }
          }
          break;
        case 'tool_call':
          reasoning.finish();
          indexed.push({ index: delta.index, call: delta.call });
          break;
        case 'usage':
          recorder.addUsage({ promptTokens: delta.promptTokens, completionTokens: delta.completionTokens });
          break;
        case 'finish':
          finishReason = delta.reason;
          break;
        default: {
          const unreachable: never = delta;
          throw new Error(`Unknown delta ${JSON.stringify(unreachable)}`);
        }
      }
      if (options.signal.aborted) break;
      // A runaway stream (reply-limits.ts): leaving the loop closes it; the call counts as cut at its limit.
      if (options.maxTextChars !== undefined && text.length >= options.maxTextChars) {
        finishReason = 'length';
        break;
      }
    }
    if (options.signal.aborted) error = options.signal.reason ?? new Error('aborted');
  } catch (caught) {
    error = caught;
  }
  reasoning.finish();
  const toolCalls = indexed.sort((a, b) => a.index - b.index).map((entry) => entry.call);
  if (held !== '') {
    if (toolCalls.length > 0 && error === undefined) narrate(recorder, held);
    else release(held);
  }
  const result = { text, reasoning: reasoning.text, toolCalls, finishReason, answered: released };
  return error === undefined ? result : { ...result, error };
}

/** Text the model wrote before calling tools: shown as a thought step in its own words. */
function narrate(recorder: RunRecorder, text: string): void {
  const trimmed = text.trim();
  if (trimmed === '') return;
  const summary = clampLine(firstLine(trimmed), LIMITS.summaryChars);
  const step = { id: recorder.nextStepId(), kind: 'thought' as const, summary };
  recorder.step(summary === clampLine(trimmed, LIMITS.summaryChars) ? step : { ...step, detail: clampText(trimmed, LIMITS.detailChars) });
}

/** Builds the `reasoning` step of one model call from native reasoning deltas. */
class ReasoningStepWriter {
  text = '';
  private stepId: string | undefined;
  private shownUpTo = 0;
  private shown = false;
  private finished = false;

  constructor(private readonly recorder: RunRecorder) {}

  append(piece: string): void {
    if (piece === '') return;
    if (this.finished) {
      // Reasoning after the answer began is kept for the transcript but no longer shown.
      this.text += piece;
      return;
    }
    this.stepId ??= this.recorder.nextStepId();
    this.text += piece;
    this.recorder.emit({ type: 'reasoning_delta', stepId: this.stepId, text: piece });
    // Re-emit the step only when a line completes, so the marker is not rewritten per token.
    const lastNewline = this.text.lastIndexOf('\n');
    if (lastNewline >= this.shownUpTo && firstLine(this.text.slice(0, lastNewline)) !== '') {
      this.shownUpTo = lastNewline + 1;
      this.shown = true;
      this.show(this.text.slice(0, lastNewline));
    } else if (!this.shown && firstLine(this.text).length >= LIMITS.summaryChars) {
      // A long first line already fills the summary: show the bullet now, not at its end.
      this.shown = true;
      this.show(this.text);
    }
  }

  /** The reasoning phase ended (answer text, a tool call, or the end of the stream). */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.stepId !== undefined && this.text.trim() !== '') this.show(this.text);
  }

  private show(text: string): void {
    if (this.stepId === undefined) return;
    const trimmed = text.trim();
    this.recorder.step({ id: this.stepId, kind: 'reasoning', summary: clampLine(firstLine(trimmed), LIMITS.summaryChars), detail: clampText(trimmed, LIMITS.detailChars) });
  }
}
