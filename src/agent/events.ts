import type { ReasoningChange, ReasoningCitation, ReasoningModelTurn, ReasoningStep, ReasoningUsage } from '../markers';
import type { AgentApprovalChoice, AgentApprovalDecision } from './approval';

/**
 * The agent's event stream (DESIGN.md 4): the one spec that the LLM layer produces into and
 * the UI, the CLI (`--events jsonl`) and the tests consume. Every event is plain JSON.
 *
 * AGENT_EVENT_EDIT_REQUIRED: a new event type must reach every switch marked with this tag.
 */
export type AgentEvent =
  | AgentRunStartEvent
  | AgentStepEvent
  | AgentReasoningDeltaEvent
  | AgentToolStartEvent
  | AgentToolEndEvent
  | AgentInputRequestEvent
  | AgentInputResponseEvent
  | AgentApprovalRequestEvent
  | AgentApprovalResponseEvent
  | AgentAnswerStartEvent
  | AgentTextDeltaEvent
  | AgentCitationsEvent
  | AgentRunEndEvent;

/** The `type` of every {@link AgentEvent}. */
export type AgentEventType = AgentEvent['type'];

/** Fields every event carries. */
export interface AgentEventBase {
  readonly runId: string;
  /** Epoch ms. */
  readonly at: number;
}

/**
 * How a run ended. `budget`: a spending limit (DESIGN.md 13.4) kept the next model call from
 * being sent; `error` holds the sentence naming the limit and what was spent.
 */
export type AgentRunEndStatus = 'complete' | 'stopped' | 'error' | 'max_iterations' | 'budget';

/** The run began; `at` is the moment the user sent the message. */
export interface AgentRunStartEvent extends AgentEventBase {
  readonly type: 'run_start';
  readonly model: string;
  readonly question: string;
}

/** A step was added or updated; carries the whole step. */
export interface AgentStepEvent extends AgentEventBase {
  readonly type: 'step';
  readonly step: ReasoningStep;
}

/** Raw native reasoning text from the model (verbose mode shows it). */
export interface AgentReasoningDeltaEvent extends AgentEventBase {
  readonly type: 'reasoning_delta';
  readonly stepId: string;
  readonly text: string;
}

/** A tool began running. */
export interface AgentToolStartEvent extends AgentEventBase {
  readonly type: 'tool_start';
  readonly stepId: string;
  readonly callId: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
}

/** A tool finished, failed or was cancelled. */
export interface AgentToolEndEvent extends AgentEventBase {
  readonly type: 'tool_end';
  readonly stepId: string;
  readonly callId: string;
  readonly name: string;
  /** `declined`: the user did not approve the call (see RunApprovals). */
  readonly status: 'ok' | 'error' | 'cancelled' | 'declined';
  readonly durationMs: number;
  /** The result as given back to the model (clamped for display by the reducer). */
  readonly output: string;
}

/** The run paused to ask the user a question (`request_input`). */
export interface AgentInputRequestEvent extends AgentEventBase {
  readonly type: 'input_request';
  readonly stepId: string;
  readonly requestId: string;
  readonly question: string;
  readonly options?: readonly string[];
}

/** The user answered, dismissed, or the question timed out; the run resumes. */
export interface AgentInputResponseEvent extends AgentEventBase {
  readonly type: 'input_response';
  readonly stepId: string;
  readonly requestId: string;
  readonly outcome: 'answered' | 'dismissed' | 'timed_out';
  readonly answer?: string;
}

/**
 * The run paused: a tool call waits for the user's approval (an MCP tool, a note write). The
 * call's `tool` step (`stepId`) is already shown; the host shows the card with `choices`.
 */
export interface AgentApprovalRequestEvent extends AgentEventBase {
  readonly type: 'approval_request';
  readonly stepId: string;
  /** The tool call's id. */
  readonly requestId: string;
  readonly toolName: string;
  /** What a remembered decision covers, e.g. `mcp:weather`. */
  readonly scope: string;
  readonly title: string;
  readonly detail?: string;
  /** A note write's proposed change (path, +N −M, the diff). */
  readonly change?: ReasoningChange;
  readonly choices: readonly AgentApprovalChoice[];
}

/** The approval was decided, or withdrawn by a stop or its timeout; the run resumes. */
export type AgentApprovalResponseEvent = AgentEventBase & {
  readonly type: 'approval_response';
  readonly stepId: string;
  readonly requestId: string;
} & ({ readonly outcome: 'decided'; readonly decision: AgentApprovalDecision } | { readonly outcome: 'timed_out' | 'cancelled' });

/** The first answer text arrived: reasoning time freezes here. */
export interface AgentAnswerStartEvent extends AgentEventBase {
  readonly type: 'answer_start';
}

/** More answer text. */
export interface AgentTextDeltaEvent extends AgentEventBase {
  readonly type: 'text_delta';
  readonly text: string;
}

/**
 * The answer's citations checked against what the run read (DESIGN.md 13.3): sent once, just
 * before `run_end`, when the answer cites a note. The verdicts are kept in the saved trace.
 */
export interface AgentCitationsEvent extends AgentEventBase {
  readonly type: 'citations';
  readonly citations: readonly ReasoningCitation[];
}

/** The run ended. Always the last event of a run. */
export interface AgentRunEndEvent extends AgentEventBase {
  readonly type: 'run_end';
  readonly status: AgentRunEndStatus;
  readonly elapsedMs: number;
  /** The user sentence of an `error`, or of a `budget` stop (the limit and what was spent). */
  readonly error?: string;
  /** Summed over the run's model calls. */
  readonly usage?: ReasoningUsage;
  /** Each model call: when, how long, and its usage (reported, or estimated and marked). */
  readonly turns?: readonly ReasoningModelTurn[];
}
