import { startTimer } from './timer';
import type { AgentInputOutcome, AgentInputRequest } from './agent-run-options';
import { clampLine } from './clamp-text';
import type { RunClock } from './run-clock';
import type { RunRecorder } from './run-recorder';
import { isAbortError, linkAbortSignals, raceAbort } from './signals';
import { describeInputOutcome } from './tools/request-input';
import { cancelledOutput } from './tool-call-runner';
import { t } from '../i18n';

/**
 * Handles a `request_input` call: an `input` step with the question, `input_request` (the
 * reducer freezes the timer), the host's `askUser` raced against the input timeout and a stop,
 * then `input_response` and the step updated with the outcome. Returns the tool result for
 * the model. The whole-run timeout is paused while the question is open.
 */
export async function askTheUser(options: {
  /** The run's recorder and stop signal (from its RunContext). */
  context: { readonly recorder: RunRecorder; readonly signal: AbortSignal };
  askUser: (request: AgentInputRequest, signal: AbortSignal) => Promise<AgentInputOutcome>;
  request: { question: string; options?: readonly string[] | undefined };
  timeoutMs: number;
  clock: RunClock;
  callId: string;
}): Promise<string> {
  const { recorder, signal } = options.context;
  const stepId = recorder.nextStepId();
  const requestId = options.callId;
  const question = options.request.question.trim();
  const choices = options.request.options?.filter((choice) => choice.trim() !== '');
  const hasChoices = choices !== undefined && choices.length > 0;
  const summary = clampLine(t('trace.asked', { question }), 120);
  recorder.step({ id: stepId, kind: 'input', summary, ...(hasChoices ? { detail: t('trace.options', { options: choices.join(' · ') }) } : {}) });
  recorder.emit({ type: 'input_request', stepId, requestId, question, ...(hasChoices ? { options: choices } : {}) });

  options.clock.pause();
  const timeout = new AbortController();
  const cancelTimer = startTimer(options.timeoutMs, () => timeout.abort());
  const linked = linkAbortSignals([signal, timeout.signal]);
  let outcome: AgentInputOutcome;
  try {
    const request: AgentInputRequest = hasChoices ? { question, options: choices } : { question };
    outcome = await raceAbort(options.askUser(request, linked.controller.signal), linked.controller.signal);
  } catch (error) {
    if (signal.aborted) outcome = { outcome: 'dismissed' };
    else if (timeout.signal.aborted || isAbortError(error)) outcome = { outcome: 'timed_out' };
    else outcome = { outcome: 'dismissed' };
  } finally {
    cancelTimer();
    linked.dispose();
    options.clock.start();
  }
  const answer = outcome.outcome === 'answered' ? (outcome.answer ?? '').trim() : undefined;
  recorder.emit({ type: 'input_response', stepId, requestId, outcome: outcome.outcome, ...(answer !== undefined ? { answer } : {}) });
  if (signal.aborted) {
    recorder.step({ id: stepId, kind: 'input', summary, detail: t('trace.stoppedBeforeAnswer') });
    return cancelledOutput(signal);
  }
  const detail = answer !== undefined ? t('trace.answer', { answer }) : outcome.outcome === 'dismissed' ? t('trace.dismissed') : t('trace.noAnswerInTime');
  recorder.step({ id: stepId, kind: 'input', summary, detail });
  return describeInputOutcome({ outcome: outcome.outcome, ...(answer !== undefined ? { answer } : {}), timeoutMs: options.timeoutMs });
}
