import { LIMITS } from '../markers';
import { clampLine, clampText, firstLine } from './clamp-text';
import { parseObserveControl, parseReasonControl } from './control-blocks';
import type { LoopOutcome } from './loop-outcome';
import type { ModelTurnResult } from './model-turn';
import { answerWithoutTools, toolsRefusal } from './no-tools-fallback';
import { ACT_PROMPT, FINAL_ANSWER_PROMPT, OBSERVE_PROMPT, REASON_PROMPT } from './prompts/phase-prompts';
import type { RunContext } from './run-context';

/**
 * The `reason-act-observe` loop (DESIGN.md 4). Each iteration: a reason call without tools (a
 * `reason` step), an act call with tools (tool steps, or the answer), and an observe call
 * without tools (an `observe` step) that decides whether to go on. Control blocks are read
 * leniently; a reply without one is shown as plain text and the loop goes on.
 */
export async function runReasonActObserveLoop(context: RunContext, maxIterations: number): Promise<LoopOutcome> {
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    const reason = await context.callModel({ mode: 'hidden', withTools: false, prompt: REASON_PROMPT });
    const reasonFailure = failure(context, reason);
    if (reasonFailure !== null) return reasonFailure;
    const plan = parseReasonControl(reason.text);
    phaseStep(context, { kind: 'reason', headline: plan.ok ? plan.value.plan : '', text: plan.ok ? plan.prose : reason.text });
    if (plan.ok && plan.value.finish) return finalAnswer(context);

    const act = await context.callModel({ mode: 'tools', withTools: true, prompt: ACT_PROMPT });
    const refusal = act.error !== undefined && !context.signal.aborted ? toolsRefusal(act.error) : undefined;
    if (refusal !== undefined) return answerWithoutTools(context, { reason: refusal, remembered: false });
    const actFailure = failure(context, act);
    if (actFailure !== null) return actFailure;
    if (act.toolCalls.length === 0) return { kind: 'complete' };
    const batch = await context.runToolCalls(act.toolCalls);
    if (batch === 'stopped') return { kind: 'stopped' };
    if (batch === 'repeated') return { kind: 'limit', reason: 'repeated' };

    const observe = await context.callModel({ mode: 'hidden', withTools: false, prompt: OBSERVE_PROMPT });
    const observeFailure = failure(context, observe);
    if (observeFailure !== null) return observeFailure;
    const verdict = parseObserveControl(observe.text);
    phaseStep(context, { kind: 'observe', headline: verdict.ok ? verdict.value.observation : '', text: verdict.ok ? verdict.prose : observe.text });
    if (verdict.ok && !verdict.value.shouldContinue) {
      if (verdict.value.finalAnswer.trim() === '') return finalAnswer(context);
      context.recorder.appendAnswer(verdict.value.finalAnswer.trim());
      return { kind: 'complete' };
    }
  }
  return { kind: 'limit', reason: 'max_iterations' };
}

/** Asks for the answer without tools, streaming it. */
export async function finalAnswer(context: RunContext): Promise<LoopOutcome> {
  const turn = await context.callModel({ mode: 'answer', withTools: false, prompt: FINAL_ANSWER_PROMPT });
  return failure(context, turn) ?? { kind: 'complete' };
}

function failure(context: RunContext, turn: ModelTurnResult): LoopOutcome | null {
  if (turn.error === undefined) return null;
  return context.signal.aborted ? { kind: 'stopped' } : { kind: 'error', error: turn.error };
}

/** A reason or observe step: the block's headline (or the reply's first line) as summary, the prose as detail. */
function phaseStep(context: RunContext, options: { kind: 'reason' | 'observe'; headline: string; text: string }): void {
  const text = options.text.trim();
  const summary = clampLine(options.headline !== '' ? options.headline : firstLine(text), LIMITS.summaryChars);
  if (summary === '' && text === '') return;
  const step = { id: context.recorder.nextStepId(), kind: options.kind, summary: summary === '' ? clampLine(text, LIMITS.summaryChars) : summary };
  context.recorder.step(text !== '' && text !== summary ? { ...step, detail: clampText(text, LIMITS.detailChars) } : step);
}
