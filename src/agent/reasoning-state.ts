import { LIMITS, type ReasoningPayload, type ReasoningStep, type ReasoningToolCall, type RunningToolCall } from '../markers';
import type { AgentEvent, AgentRunEndEvent } from './events';
import { clampLine, clampText } from './clamp-text';

/**
 * A transient field kept on the payload while the run waits for the user's answer, so the
 * reducer can add the wait to `pausedMs` when it ends. Removed again on resume and at run end,
 * so saved payloads never carry it.
 */
const PAUSE_FIELD = 'pauseStartedAt';

/**
 * The reasoning state reducer: folds one {@link AgentEvent} into the REASONING_BLOCK payload
 * (DESIGN.md 3.1). Pure and synchronous; the UI, the CLI and the runner all use it.
 *
 * It returns the SAME object when nothing visible changed (a `text_delta`, a `reasoning_delta`,
 * a step event identical to the step it replaces), so callers can compare by identity and skip
 * re-serialising the marker.
 *
 * Decisions:
 * - `run_start` starts a fresh payload; any other event before it leaves `null` as it is.
 * - `reasoning_delta` is live-only (raw tokens for verbose listeners); the runner sends the
 *   reasoning step's text as `detail` through `step` events, line by line, so the marker is not
 *   rewritten on every token.
 * - `elapsedMs` is recomputed on every visible change while reasoning, frozen at
 *   `answer_start`, at `input_request` and `approval_request` (until the user answers), and
 *   at `run_end`. Both waits show as `awaiting_input`.
 * - Events after `run_end` are ignored.
 *
 * AGENT_EVENT_EDIT_REQUIRED
 */
export function reduceReasoning(state: ReasoningPayload | null, event: AgentEvent): ReasoningPayload | null {
  if (event.type === 'run_start') {
    return { v: 1, status: 'reasoning', startedAt: event.at, elapsedMs: 0, steps: [] };
  }
  if (state === null || isEnded(state)) return state;
  switch (event.type) {
    case 'step':
      return upsertStep(state, clampStep(event.step), event.at);
    case 'reasoning_delta':
    case 'text_delta':
      return state;
    case 'tool_start':
      return updateTool(state, {
        stepId: event.stepId,
        at: event.at,
        fallbackSummary: event.name,
        patch: (tool) => runningTool(tool, event.name, event.args),
      });
    case 'tool_end':
      return updateTool(state, {
        stepId: event.stepId,
        at: event.at,
        fallbackSummary: event.name,
        patch: (tool) => ({
          ...tool,
          name: event.name,
          status: event.status,
          durationMs: event.durationMs,
          output: clampText(event.output, LIMITS.toolOutputChars),
          outputChars: event.output.length,
        }),
      });
    case 'input_request':
    case 'approval_request':
      if (state.status === 'awaiting_input') return state;
      return { ...state, status: 'awaiting_input', elapsedMs: activeMs(state, event.at), [PAUSE_FIELD]: event.at };
    case 'input_response':
    case 'approval_response':
      return resume(state, event.at);
    case 'answer_start':
      if (state.answerStartedAt !== undefined) return state;
      return { ...resume(state, event.at), status: 'collapsed', answerStartedAt: event.at, elapsedMs: activeMs(state, event.at) };
    case 'citations':
      return { ...state, citations: event.citations.map((citation) => ({ ...citation, quotes: citation.quotes.map((quote) => ({ ...quote })) })) };
    case 'run_end':
      return endRun(state, event);
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/**
 * Reasoning time at `at`: wall time since `startedAt`, minus finished pauses and the current
 * one. Once the answer has started or the run ended, the frozen `elapsedMs` is the answer.
 */
export function reasoningElapsedMs(state: ReasoningPayload, at: number): number {
  if (state.answerStartedAt !== undefined || isEnded(state)) return state.elapsedMs;
  return activeMs(state, at);
}

function activeMs(state: ReasoningPayload, at: number): number {
  if (state.status === 'awaiting_input') return state.elapsedMs;
  return Math.max(0, at - state.startedAt - (state.pausedMs ?? 0));
}

function isEnded(state: ReasoningPayload): boolean {
  return state.endedAt !== undefined;
}

/** Leaves `awaiting_input`: the wait goes into `pausedMs` and the timer runs again. */
function resume(state: ReasoningPayload, at: number): ReasoningPayload {
  if (state.status !== 'awaiting_input') return state;
  const pauseStartedAt = typeof state[PAUSE_FIELD] === 'number' ? state[PAUSE_FIELD] : at;
  const { [PAUSE_FIELD]: _dropped, ...rest } = state;
  return { ...rest, status: 'reasoning', pausedMs: (state.pausedMs ?? 0) + Math.max(0, at - pauseStartedAt) };
}

function endRun(state: ReasoningPayload, event: AgentRunEndEvent): ReasoningPayload {
  const resumed = resume(state, event.at);
  const elapsedMs = resumed.answerStartedAt !== undefined ? resumed.elapsedMs : activeMs(resumed, event.at);
  const ended: ReasoningPayload = { ...resumed, status: event.status, endedAt: event.at, elapsedMs };
  const withError = event.error !== undefined ? { ...ended, error: clampLine(event.error, 500) } : ended;
  const withUsage = event.usage !== undefined ? { ...withError, usage: { ...event.usage } } : withError;
  return event.turns !== undefined && event.turns.length > 0 ? { ...withUsage, turns: event.turns.map((turn) => ({ ...turn })) } : withUsage;
}

function upsertStep(state: ReasoningPayload, step: ReasoningStep, at: number): ReasoningPayload {
  const index = state.steps.findIndex((existing) => existing.id === step.id);
  if (index >= 0 && JSON.stringify(state.steps[index]) === JSON.stringify(step)) return state;
  const steps = index >= 0 ? state.steps.map((existing, i) => (i === index ? step : existing)) : [...state.steps, step];
  return { ...state, steps, elapsedMs: reasoningElapsedMs(state, at) };
}

function updateTool(
  state: ReasoningPayload,
  options: { stepId: string; at: number; fallbackSummary: string; patch: (tool: ReasoningToolCall) => ReasoningToolCall },
): ReasoningPayload {
  const existing = state.steps.find((step) => step.id === options.stepId);
  // A tool event without its step (a consumer replaying a partial log) still gets a bullet.
  const base: ReasoningStep = existing ?? { id: options.stepId, kind: 'tool', summary: clampLine(options.fallbackSummary, LIMITS.summaryChars), at: options.at };
  const tool = options.patch(base.tool ?? { name: options.fallbackSummary, args: {}, status: 'running' });
  return upsertStep(state, { ...base, tool }, options.at);
}

/** Applies the payload's size limits (DESIGN.md 3.1) to a step from an event. */
function clampStep(step: ReasoningStep): ReasoningStep {
  const summary = clampLine(step.summary, LIMITS.summaryChars);
  const detail = step.detail === undefined ? undefined : clampText(step.detail, LIMITS.detailChars);
  const tool = step.tool === undefined ? undefined : clampTool(step.tool);
  const clamped: ReasoningStep = { ...step, summary };
  if (detail !== undefined) return tool === undefined ? { ...clamped, detail } : { ...clamped, detail, tool };
  return tool === undefined ? clamped : { ...clamped, tool };
}

/** `tool` running again (a `tool_start`): a running call has no duration or output yet. */
function runningTool(tool: ReasoningToolCall, name: string, args: Record<string, unknown>): RunningToolCall {
  const { durationMs: _duration, output: _output, outputChars: _outputChars, ...extra } = tool;
  return { ...extra, name, args, status: 'running' };
}

function clampTool(tool: ReasoningToolCall): ReasoningToolCall {
  if (tool.output === undefined) return tool;
  return {
    ...tool,
    output: clampText(tool.output, LIMITS.toolOutputChars),
    outputChars: tool.outputChars ?? tool.output.length,
  };
}
