import { verifyCitations, type CitationNotes } from '../citations';
import type { LlmMessage } from '../llm';
import { stripMarkers } from '../markers';
import { AGENT_DEFAULTS, type AgentRunOptions, type AgentRunResult } from './agent-run-options';
import type { AgentRunEndStatus } from './events';
import { contextNotices, contextStep } from './context-step';
import { RequestFitter } from './context-fit/request-fitter';
import { shownLimit } from './format-limit';
import { notesInHistory } from './history-reads';
import { withImageFallback } from './image-fallback';
import type { AttachedContext } from './question-context';
import type { LoopOutcome } from './loop-outcome';
import { ACT_PROMPT, FINAL_ANSWER_PROMPT, OBSERVE_PROMPT, REASON_PROMPT } from './prompts/phase-prompts';
import { answerWithoutTools } from './no-tools-fallback';
import { finalAnswer, runReasonActObserveLoop } from './reason-act-observe-loop';
import { createStepRedactor } from './redaction';
import { RunApprovals } from './run-approvals';
import { RunClock } from './run-clock';
import { RunContext } from './run-context';
import { RunRecorder } from './run-recorder';
import { buildStandingRequest } from './standing-request';
import { RunSpending } from './spending/run-spending';
import { SpendingLimitError } from './spending/spending-limit-error';
import { linkAbortSignals } from './signals';
import { runToolsLoop } from './tools-loop';
import { userMessageOf } from './user-message-of';
import { t, tCount } from '../i18n';

let runCounter = 0;

/** A new run's id (`run-<startedAt in base 36>-<counter>`), for a host that says something of the run before it starts. */
export function createRunId(startedAt: number): string {
  runCounter += 1;
  return `run-${startedAt.toString(36)}-${runCounter}`;
}

/**
 * Runs one agent turn (DESIGN.md 4): streams the model, runs its tools, narrates every step
 * as events, and returns the assistant message content with its REASONING_BLOCK marker.
 * Never throws: a stop, an error or a limit ends the run with `run_end` and a result that
 * keeps the partial answer and steps.
 *
 * @example
 * const result = await runAgent({ model, modelName: 'qwen3', tools, question, history: [], signal, onEvent: console.log });
 */
export async function runAgent(options: AgentRunOptions): Promise<AgentRunResult> {
  const now = options.now ?? Date.now;
  const startedAt = options.startedAt ?? now();
  const runId = options.runId ?? createRunId(startedAt);
  // What every request carries: compact on a small window (DESIGN.md 13.6).
  const standing = buildStandingRequest({
    tools: options.tools,
    windowTokens: options.contextWindow?.tokens,
    canAskUser: options.askUser !== undefined,
    ...(options.approvals !== undefined ? { approvals: options.approvals } : {}),
    today: new Date(startedAt).toISOString().slice(0, 10),
  });
  const tools = standing.tools;
  const systemPrompt = options.systemPrompt ?? standing.system;
  const recorder = new RunRecorder({
    runId,
    now,
    onEvent: options.onEvent,
    ...(options.onRun !== undefined ? { onRun: options.onRun } : {}),
    redact: createStepRedactor([systemPrompt, REASON_PROMPT, ACT_PROMPT, OBSERVE_PROMPT, FINAL_ANSWER_PROMPT]),
  });
  const clock = new RunClock({ budgetMs: options.runTimeoutMs ?? AGENT_DEFAULTS.runTimeoutMs, now });
  const linked = linkAbortSignals([options.signal, clock.signal]);
  const inputTimeoutMs = options.inputTimeoutMs ?? AGENT_DEFAULTS.inputTimeoutMs;
  const approvals = new RunApprovals({ gate: options.approvals, recorder, clock, timeoutMs: inputTimeoutMs });
  const model = withImageFallback(options.model, (notice) => recorder.step({ id: recorder.nextStepId(), kind: 'notice', summary: notice }));
  const context = new RunContext({
    run: { ...options, model },
    recorder,
    signal: linked.controller.signal,
    clock,
    request: {
      system: [{ role: 'system', content: systemPrompt }],
      history: stripHistory(options.history),
      question: options.question,
      ...(options.context !== undefined ? { context: options.context } : {}),
      ...((options.images?.length ?? 0) > 0 ? { images: (options.images ?? []).map((image) => ({ url: image.dataUrl })) } : {}),
    },
    fitter: new RequestFitter(recorder, options.contextWindow),
    tools,
    toolSchemas: standing.schemas,
    toolTimeoutMs: options.toolTimeoutMs ?? AGENT_DEFAULTS.toolTimeoutMs,
    inputTimeoutMs,
    approvals,
    ...(options.spending !== undefined ? { spending: new RunSpending({ limits: options.spending, recorder, approvals }) } : {}),
  });

  recorder.start({ startedAt, model: options.modelName, question: options.question });
  // The history goes with every request: the notes its tool results quote reach the model in this run too.
  recorder.noteRead(notesInHistory(options.history));
  if (options.context !== undefined || (options.images?.length ?? 0) > 0) {
    recorder.step(contextStep(recorder.nextStepId(), options.context ?? NOTHING_ATTACHED, options.images));
  }
  if (options.context !== undefined) {
    recorder.noteRead(notesSent(options.context));
    for (const notice of contextNotices(options.context)) recorder.step({ id: recorder.nextStepId(), kind: 'notice', summary: notice });
  }
  for (const notice of options.notices ?? []) recorder.step({ id: recorder.nextStepId(), kind: 'notice', summary: notice });
  if (standing.withheld.length > 0) recorder.step({ id: recorder.nextStepId(), kind: 'notice', summary: t('trace.toolsWithheld', { tools: standing.withheld.join(', ') }) });
  clock.start();
  const maxIterations = Math.max(1, options.maxIterations ?? AGENT_DEFAULTS.maxIterations);
  let outcome: LoopOutcome;
  try {
    if (options.withoutTools !== undefined) outcome = await answerWithoutTools(context, { reason: options.withoutTools, remembered: true });
    else outcome = options.loopStyle === 'reason-act-observe' ? await runReasonActObserveLoop(context, maxIterations) : await runToolsLoop(context, maxIterations);
    if (outcome.kind === 'limit') {
      recorder.step({ id: recorder.nextStepId(), kind: 'notice', summary: limitNotice(outcome.reason, maxIterations) });
      const answered = await finalAnswer(context);
      if (answered.kind !== 'complete') outcome = answered;
    }
  } catch (error) {
    outcome = { kind: 'error', error };
  }
  clock.dispose();
  linked.dispose();

  let status: AgentRunEndStatus;
  let errorMessage: string | undefined;
  if (options.signal.aborted) {
    status = 'stopped';
  } else if (clock.timedOut) {
    status = 'error';
    errorMessage = t('error.runTimeLimit', { limit: shownLimit(clock.budgetMs) });
  } else {
    switch (outcome.kind) {
      case 'complete':
        status = 'complete';
        break;
      case 'limit':
        status = 'max_iterations';
        break;
      case 'stopped':
        status = 'stopped';
        break;
      case 'error':
        if (outcome.error instanceof SpendingLimitError) {
          status = 'budget';
          errorMessage = outcome.error.userMessage;
          break;
        }
        status = 'error';
        errorMessage = userMessageOf(outcome.error, { ...(options.errorAdvice ? { advice: options.errorAdvice } : {}), context: (detail) => t('error.runFailedDetail', { detail }) });
        break;
      default: {
        const unreachable: never = outcome;
        throw new Error(`Unknown loop outcome ${JSON.stringify(unreachable)}`);
      }
    }
  }
  if (status !== 'stopped' && context.lastFinishReason === 'length') {
    recorder.step({ id: recorder.nextStepId(), kind: 'notice', summary: t('trace.cutOff') });
  }
  context.closeOpenToolCalls();
  if ((status === 'error' || status === 'budget') && errorMessage !== undefined) {
    // The trace's line; the run's `error` keeps the sentence whole where a summary is cut.
    recorder.step({ id: recorder.nextStepId(), kind: 'notice', summary: errorMessage });
  }
  await emitCitations(recorder, options.citationNotes);
  recorder.end(status, errorMessage);
  const payload = recorder.payload;
  if (payload === null) throw new Error('The run ended without a reasoning state.');
  const result = { status, content: recorder.content(), answer: recorder.answer, payload, transcript: [...context.transcript] };
  return errorMessage === undefined ? result : { ...result, error: errorMessage };
}

/** The notes an attachment sent text of (a note, a `[[link]]`, a prompt variable's note, a selection). */
function notesSent(context: AttachedContext): string[] {
  return context.attachments.flatMap((attachment) => (attachment.text.trim() === '' ? [] : [attachment.path]));
}

/** The `citations` event (DESIGN.md 13.3), when the host can resolve notes and the answer cites one; a failed check never fails the run. */
async function emitCitations(recorder: RunRecorder, notes: CitationNotes | undefined): Promise<void> {
  if (notes === undefined || recorder.answer.trim() === '') return;
  const citations = await verifyCitations({ answer: recorder.answer, readPaths: recorder.readPaths, notes }).catch(() => []);
  if (citations.length > 0) recorder.emit({ type: 'citations', citations });
}

/** The context step of a question that attached images and no notes. */
const NOTHING_ATTACHED: AttachedContext = { attachments: [], missingLinks: [], budgetTokens: 0 };

/** History as the model sees it: every marker stripped from assistant messages (DESIGN.md 3.3). */
function stripHistory(history: readonly LlmMessage[]): LlmMessage[] {
  return history.map((message) => (message.role === 'assistant' ? { ...message, content: stripMarkers(message.content) } : message));
}

function limitNotice(reason: 'max_iterations' | 'repeated', maxIterations: number): string {
  return reason === 'repeated' ? t('trace.repeatedStop') : tCount('trace.limitStop', maxIterations);
}
