import type { CitationNotes } from '../citations';
import type { ChatModel, ContextWindow, LlmErrorAdvice, LlmMessage } from '../llm';
import type { ReasoningPayload } from '../markers';
import type { AgentTool } from './agent-tool';
import type { AgentApprovalGate } from './approval';
import type { AgentEvent, AgentRunEndStatus } from './events';
import type { AttachedContext, QuestionImage } from './question-context';
import type { AgentSpendingLimits } from './spending/spending-limits';
import type { LiveRun } from './run-accumulator';
import type { AgentLoopStyle } from './loop-style';

/** A question the model asks the user through `request_input`. */
export interface AgentInputRequest {
  readonly question: string;
  readonly options?: readonly string[];
}

/** How a `request_input` question ended. */
export interface AgentInputOutcome {
  readonly outcome: 'answered' | 'dismissed' | 'timed_out';
  readonly answer?: string;
}

export { AGENT_LOOP_STYLES, type AgentLoopStyle } from './loop-style';

/** Everything one run needs. Only `model`, `modelName`, `tools`, `question`, `history`, `signal` and `onEvent` are required. */
export interface AgentRunOptions {
  readonly model: ChatModel;
  readonly modelName: string;
  /** The host's tools (vault search, read, ...). The runner adds report_thinking, think_aloud and (with `askUser`) request_input. */
  readonly tools: readonly AgentTool[];
  readonly question: string;
  /** Earlier turns of the conversation; REASONING_BLOCK and other markers are stripped before sending. */
  readonly history: readonly LlmMessage[];
  /** Stops the run: the partial answer and steps are kept and the run ends `stopped`. */
  readonly signal: AbortSignal;
  /** Every event, in order, synchronously as it happens. */
  readonly onEvent: (event: AgentEvent) => void;
  /**
   * The run so far as values (reasoning state and answer text) whenever they change, just
   * before the event that changed them goes to `onEvent`: the one fold of the events, which the
   * chat shows without composing or parsing a marker.
   */
  readonly onRun?: (run: LiveRun) => void;
  /** Asks the user a question; without it `request_input` is not offered. The signal aborts on stop or timeout. */
  readonly askUser?: (request: AgentInputRequest, signal: AbortSignal) => Promise<AgentInputOutcome>;
  /** What the user attached (read and cut by the host): sent in the first request, listed by a `context` step first in the trace. */
  readonly context?: AttachedContext;
  /** Images sent with the question (first request), named in the `context` step; a server that refuses them gets the question without them. */
  readonly images?: readonly QuestionImage[];
  /** Shown as the run's first `notice` steps, e.g. an MCP server that could not start. */
  readonly notices?: readonly string[];
  /** How this host words the fix of a provider error (the plugin its settings tab, the CLI its flags); default the errors' own host-neutral advice. */
  readonly errorAdvice?: LlmErrorAdvice;
  /** Decides calls of tools that need approval (MCP tools, note writes); without it such calls are declined. */
  readonly approvals?: AgentApprovalGate;
  /** Model calls (tools loop) or reason-act-observe cycles before the run ends with a notice. Default 10. */
  readonly maxIterations?: number;
  readonly loopStyle?: AgentLoopStyle;
  /** Epoch-ms clock; tests pass a fake one. Default `Date.now`. */
  readonly now?: () => number;
  readonly runId?: string;
  /** When the user sent the message (the run clock starts at send). Default `now()` at call time. */
  readonly startedAt?: number;
  /** Per tool call. Default 30 s. */
  readonly toolTimeoutMs?: number;
  /** Whole run, excluding time spent waiting for the user. Default 10 minutes. */
  readonly runTimeoutMs?: number;
  /** How long `request_input` and an approval card wait for the user. Default 10 minutes. */
  readonly inputTimeoutMs?: number;
  /** Replaces the built-in system prompt (it is still used for redaction). */
  readonly systemPrompt?: string;
  readonly temperature?: number;
  /** Tool calls run from one model reply; the rest are answered "not run" (default 32, reply-limits.ts). */
  readonly toolCallsPerReply?: number;
  /** Characters of one tool result sent to the model, the rest replaced by a pointer (default 20,000). */
  readonly toolResultChars?: number;
  /** Characters of one model call's text before its stream is closed as cut at the limit (default 1,000,000). */
  readonly answerChars?: number;
  /**
   * The model is known not to use tools (the server refused them before; the host remembers it):
   * the run answers from a search for the question without offering tools. The text is the reason.
   */
  readonly withoutTools?: string;
  /** Called when the server refuses tools for this model during the run (the host may remember it). */
  readonly onToolsRefused?: (reason: string) => void;
  /**
   * The model's context window (DESIGN.md 12.1): every request is fitted to it, and a `context`
   * step says what was left out. Without it requests go whole until the server says one was too long.
   */
  readonly contextWindow?: ContextWindow;
  /**
   * The vault's link rule and notes (the hosts' `ContextNotes`): with it, the answer's citations
   * are checked against what the run read and sent as a `citations` event before `run_end` (DESIGN.md 13.3).
   */
  readonly citationNotes?: CitationNotes;
  /**
   * What the run may spend (DESIGN.md 13.4): a call whose estimated input would cross a limit is
   * not sent and the run ends with status `budget`. Without it nothing is limited.
   */
  readonly spending?: AgentSpendingLimits;
}

/**
 * What a host plans for a run before it starts (DESIGN.md 13.2): the model and tools, what the
 * question attaches, the window, and what it remembers of the model. The host's planner builds it;
 * it goes into the runner's options as it is, never copied field by field.
 */
export type RunPlan = Pick<AgentRunOptions, 'model' | 'tools'> & Partial<Pick<AgentRunOptions, 'notices' | 'context' | 'images' | 'withoutTools' | 'contextWindow' | 'citationNotes' | 'spending'>>;

/** What a run produced. */
export interface AgentRunResult {
  readonly status: AgentRunEndStatus;
  /** The assistant message content: REASONING_BLOCK marker, blank line, answer. */
  readonly content: string;
  /** The visible answer alone. */
  readonly answer: string;
  readonly payload: ReasoningPayload;
  /** Provider messages of this turn after the user's question: assistant turns (tool calls, raw reasoning) and tool results. */
  readonly transcript: readonly LlmMessage[];
  /** The user sentence when `status` is `error`, or the limit and what was spent when it is `budget`. */
  readonly error?: string;
}

/** Defaults of the optional limits, in one place for the docs and the tests. */
export const AGENT_DEFAULTS = Object.freeze({
  maxIterations: 10,
  toolTimeoutMs: 30_000,
  runTimeoutMs: 10 * 60_000,
  inputTimeoutMs: 10 * 60_000,
});
