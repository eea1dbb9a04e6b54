import { t } from '../i18n';
import { parseTextToolCalls, textCallStart, textPrefix, type ChatModel, type LlmFinishReason, type LlmRequest, type LlmToolCall } from '../llm';
import { LIMITS } from '../markers';
import type { ReasoningUsage } from '../markers';
import { clampLine, clampText, firstLine } from './clamp-text';
import { estimateUsage } from './estimate-usage';
import type { RunRecorder } from './run-recorder';

/**
 * Where a model call's text goes:
 * - `answer`: straight into the visible answer (final answer calls).
 * - `tools`: into the answer, but held back until it passes {@link HOLD_CHARS} or the call
 *   ends, because text before tool calls ("Let me search…") is narration, not the answer; held
 *   text followed by tool calls becomes a thought step instead. From where a tool call written
 *   as text may begin (`<tool_call>`, `{"name":`, …) the text is held until the call ends, and
 *   a call found there runs like a native one (docs/decisions/text-tool-calls.md).
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
  /** Prompt tokens as the server counted them, when it said (a request it cut shows here). */
  readonly promptTokens?: number;
}

/**
 * Streams one model call (`inputTokens`: its input as the context fit estimated it, kept as the
 * call's usage when the server reports none) and turns its deltas into events: native reasoning into a
 * `reasoning` step (first line as summary, text as detail, updated line by line, with raw
 * `reasoning_delta`s in between), text per `mode`, tool calls collected in order of `index`.
 */
export async function streamModelTurn(options: { model: ChatModel; request: LlmRequest; signal: AbortSignal; recorder: RunRecorder; mode: TurnTextMode; maxTextChars?: number; inputTokens: number }): Promise<ModelTurnResult> {
  const { recorder, mode } = options;
  const reasoning = new ReasoningStepWriter(recorder);
  const retries = new RetryStepWriter(recorder);
  const indexed: { index: number; call: LlmToolCall }[] = [];
  const offered = options.request.tools ?? [];
  let text = '';
  let held = '';
  let released = false;
  let finishReason: LlmFinishReason | undefined;
  let usage: ReasoningUsage | undefined;
  let promptTokens: number | undefined;
  const turnStartedAt = recorder.now();
  const release = (piece: string) => {
    if (piece === '') return;
    // A second answer piece of the run (after tool work) starts its own paragraph.
    const prefix = !released && recorder.answerStarted && !recorder.answer.endsWith('\n\n') ? '\n\n' : '';
    released = true;
    recorder.appendAnswer(prefix + piece);
  };
  let error: unknown;
  let capped = false;
  try {
    for await (const delta of options.model.stream(options.request, options.signal)) {
      if (delta.type !== 'retry') retries.answered();
      switch (delta.type) {
        case 'retry':
          retries.waiting(delta.reason, delta.delayMs);
          break;
        case 'reasoning':
          reasoning.append(delta.text);
          break;
        case 'text': {
          // One delta past the answer cap is cut to what the cap leaves (a 10 MB delta is not kept whole).
          const piece = options.maxTextChars !== undefined ? textPrefix(delta.text, options.maxTextChars - text.length) : delta.text;
          capped = piece.length < delta.text.length;
          if (piece === '') break;
          reasoning.finish();
          text += piece;
          if (mode === 'answer') release(piece);
          else if (mode === 'tools') {
            held += piece;
            const callStart = offered.length > 0 ? textCallStart(held) : -1;
            const safe = callStart === -1 ? held.length : callStart;
            if (released || safe > HOLD_CHARS) {
              release(held.slice(0, safe));
              held = held.slice(safe);
            }
          }
          break;
        }
        case 'tool_call':
          reasoning.finish();
          indexed.push({ index: delta.index, call: delta.call });
          break;
        case 'usage':
          usage = {
            promptTokens: delta.promptTokens,
            completionTokens: delta.completionTokens,
            ...(delta.reasoningTokens !== undefined ? { reasoningTokens: delta.reasoningTokens } : {}),
            ...(delta.cachedTokens !== undefined ? { cachedTokens: delta.cachedTokens } : {}),
          };
          promptTokens = delta.promptTokens;
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
      if (capped || (options.maxTextChars !== undefined && text.length >= options.maxTextChars)) {
        finishReason = 'length';
        break;
      }
    }
    if (options.signal.aborted) error = options.signal.reason ?? new Error('aborted');
  } catch (caught) {
    error = caught;
  }
  if (error === undefined) retries.answered();
  else retries.failed();
  reasoning.finish();
  let toolCalls = indexed.sort((a, b) => a.index - b.index).map((entry) => entry.call);
  if (toolCalls.length === 0 && error === undefined && offered.length > 0 && held !== '') {
    const parsed = parseTextToolCalls(held, offered);
    if (parsed.calls.length > 0) {
      toolCalls = parsed.calls.map((call) => ({ id: `text_call_${++textCallCount}`, name: call.name, arguments: call.arguments }));
      // The calls are not text of the reply: the transcript carries them as calls.
      text = text.slice(0, text.length - held.length) + parsed.content;
      held = parsed.content;
    }
  }
  if (held !== '') {
    if (toolCalls.length > 0 && error === undefined) narrate(recorder, held);
    else release(held);
  }
  // Every call is kept in the trace; one that produced nothing (refused, aborted before a token) used nothing we can count.
  const produced = text !== '' || reasoning.text !== '' || toolCalls.length > 0;
  const turnUsage = usage ?? (produced ? estimateUsage({ inputTokens: options.inputTokens, text, reasoning: reasoning.text, toolCalls }) : undefined);
  recorder.addModelTurn({ at: turnStartedAt, durationMs: Math.max(0, recorder.now() - turnStartedAt), ...(turnUsage !== undefined ? { usage: turnUsage } : {}) });
  const result = { text, reasoning: reasoning.text, toolCalls, finishReason, answered: released, ...(promptTokens !== undefined ? { promptTokens } : {}) };
  return error === undefined ? result : { ...result, error };
}

let textCallCount = 0;

/** Text the model wrote before calling tools: shown as a thought step in its own words. */
function narrate(recorder: RunRecorder, text: string): void {
  const trimmed = text.trim();
  if (trimmed === '') return;
  const summary = clampLine(firstLine(trimmed), LIMITS.summaryChars);
  const step = { id: recorder.nextStepId(), kind: 'thought' as const, summary };
  recorder.step(summary === clampLine(trimmed, LIMITS.summaryChars) ? step : { ...step, detail: clampText(trimmed, LIMITS.detailChars) });
}

/**
 * A `notice` step per retry of the model call (issue 26): "Rate limited by HOST — retrying in
 * 7 s" while it waits, then its outcome ("— waited 7 s, then it answered" / "then it failed").
 */
class RetryStepWriter {
  private pending: { readonly id: string; readonly reason: string; readonly wait: string } | null = null;

  constructor(private readonly recorder: RunRecorder) {}

  waiting(reason: string, delayMs: number): void {
    this.settle(t('retry.thenFailedAgain'));
    const wait = delayMs < 1000 ? t('retry.underASecond') : t('duration.stepSeconds', { s: Math.round(delayMs / 1000) });
    this.pending = { id: this.recorder.nextStepId(), reason, wait };
    this.recorder.step({ id: this.pending.id, kind: 'notice', summary: clampLine(t('retry.waiting', { reason, wait }), LIMITS.summaryChars) });
  }

  answered(): void {
    this.settle(t('retry.thenAnswered'));
  }

  failed(): void {
    this.settle(t('retry.thenFailed'));
  }

  private settle(outcome: string): void {
    if (this.pending === null) return;
    const { id, reason, wait } = this.pending;
    this.pending = null;
    this.recorder.step({ id, kind: 'notice', summary: clampLine(t('retry.waited', { reason, wait, outcome }), LIMITS.summaryChars) });
  }
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
