import { startTimer } from './timer';
import { isAllowDecision, ToolCallRefusal, type AgentApprovalDecision, type AgentApprovalGate, type AgentApprovalRequest, type AgentApprovalText, type AgentToolApproval } from './approval';
import { formatLimit } from './format-limit';
import { t, type MessageKey } from '../i18n';
import type { RunClock } from './run-clock';
import type { RunRecorder } from './run-recorder';
import { linkAbortSignals, raceAbort } from './signals';

/** How the approval of one call ended: run it, answer the model with `output`, or the run stopped. */
export type ApprovalOutcome =
  | { readonly kind: 'allowed'; readonly note: string | undefined }
  | { readonly kind: 'declined'; readonly note: string; readonly output: string }
  | { readonly kind: 'cancelled' };

/** What the model is told when a call was not approved. */
export const DECLINED_OUTPUTS = Object.freeze({
  declined: 'The user declined this call. Continue without it.',
  never: 'The user does not allow these calls. Do not try them again; continue without them.',
  cannotAsk: 'This call needs the user’s approval, and none can be asked for here. Continue without it.',
});

/**
 * The approvals of one run (DESIGN.md 11.2, 11.5): asks the host's {@link AgentApprovalGate}
 * before a call that needs approval runs, unless the scope was already decided (remembered by
 * the host, or allowed for the rest of this run). While the card is open the run pauses like
 * `request_input`: `approval_request`, the run clock paused, then `approval_response`.
 */
export class RunApprovals {
  private readonly allowedThisRun = new Set<string>();

  constructor(
    private readonly options: {
      gate: AgentApprovalGate | undefined;
      recorder: RunRecorder;
      clock: RunClock;
      /** How long a card waits before the call counts as declined. */
      timeoutMs: number;
    },
  ) {}

  /**
   * Decides whether one validated call may run; `stepId` is its already shown tool step and
   * `text` what {@link describeApproval} said about the call.
   */
  async check(options: { approval: AgentToolApproval; text: AgentApprovalText; toolName: string; args: Record<string, unknown>; stepId: string; callId: string; signal: AbortSignal }): Promise<ApprovalOutcome> {
    const { approval, stepId, text } = options;
    const { gate, recorder } = this.options;
    if (this.allowedThisRun.has(approval.scope)) return { kind: 'allowed', note: undefined };
    if (gate === undefined) return { kind: 'declined', note: t('approval.noteCannotAsk'), output: DECLINED_OUTPUTS.cannotAsk };
    const remembered = safeRemembered(gate, approval.scope);
    if (remembered === 'allow') return { kind: 'allowed', note: undefined };
    if (remembered === 'deny') return { kind: 'declined', note: t('approval.noteNeverAllowed'), output: DECLINED_OUTPUTS.never };

    const request: AgentApprovalRequest = { requestId: options.callId, toolName: options.toolName, args: options.args, scope: approval.scope, choices: approval.choices, ...text };
    recorder.emit({
      type: 'approval_request',
      stepId,
      requestId: request.requestId,
      toolName: request.toolName,
      scope: request.scope,
      title: request.title,
      ...(request.detail !== undefined ? { detail: request.detail } : {}),
      ...(request.change !== undefined ? { change: request.change } : {}),
      choices: request.choices,
    });

    this.options.clock.pause();
    const timeout = new AbortController();
    const cancelTimer = startTimer(this.options.timeoutMs, () => timeout.abort());
    const linked = linkAbortSignals([options.signal, timeout.signal]);
    let decision: AgentApprovalDecision | undefined;
    try {
      decision = await raceAbort(gate.ask(request, linked.controller.signal), linked.controller.signal);
    } catch {
      decision = undefined;
    } finally {
      cancelTimer();
      linked.dispose();
      this.options.clock.start();
    }
    if (options.signal.aborted) {
      recorder.emit({ type: 'approval_response', stepId, requestId: request.requestId, outcome: 'cancelled' });
      return { kind: 'cancelled' };
    }
    if (decision === undefined) {
      recorder.emit({ type: 'approval_response', stepId, requestId: request.requestId, outcome: 'timed_out' });
      return { kind: 'declined', note: t('approval.noteTimedOut'), output: `The user did not approve this call within ${formatLimit(this.options.timeoutMs)}. Continue without it.` };
    }
    recorder.emit({ type: 'approval_response', stepId, requestId: request.requestId, outcome: 'decided', decision });
    if (decision === 'allow_run') this.allowedThisRun.add(approval.scope);
    if (decision === 'allow_always' || decision === 'deny_always') await safeRemember(gate, approval.scope, decision === 'allow_always' ? 'allow' : 'deny');
    const note = approval.decisionNotes?.[decision] ?? t(DECISION_NOTES[decision]);
    if (isAllowDecision(decision)) return { kind: 'allowed', note };
    return { kind: 'declined', note, output: decision === 'deny_always' ? DECLINED_OUTPUTS.never : (approval.declinedOutput ?? DECLINED_OUTPUTS.declined) };
  }
}

/** The line the tool step keeps about the decision (its `detail`), in the UI's language. */
const DECISION_NOTES = Object.freeze({
  allow_once: 'approval.noteAllowOnce',
  allow_run: 'approval.noteAllowRun',
  allow_always: 'approval.noteAllowAlways',
  deny: 'approval.noteDeny',
  deny_always: 'approval.noteDenyAlways',
} as const satisfies Record<AgentApprovalDecision, MessageKey>);

// The gate is host code: a throw there must decline or ask, never break the run.
function safeRemembered(gate: AgentApprovalGate, scope: string): 'allow' | 'deny' | undefined {
  try {
    return gate.remembered(scope);
  } catch {
    return undefined;
  }
}

async function safeRemember(gate: AgentApprovalGate, scope: string, decision: 'allow' | 'deny'): Promise<void> {
  try {
    await gate.remember(scope, decision);
  } catch {
    // The decision still applies to this call; only remembering it failed.
  }
}

/**
 * What a tool says about one call for its card, or the refusal the model reads. A tool's
 * describe that throws anything else falls back to a plain title: the card still asks.
 */
export async function describeApproval(approval: AgentToolApproval, input: unknown, toolName: string, signal: AbortSignal): Promise<{ kind: 'text'; text: AgentApprovalText } | { kind: 'refused'; message: string }> {
  try {
    const text = await approval.describe(input, { signal });
    return { kind: 'text', text: { title: text.title, ...(text.detail !== undefined ? { detail: text.detail } : {}), ...(text.change !== undefined ? { change: text.change } : {}) } };
  } catch (error) {
    if (error instanceof ToolCallRefusal) return { kind: 'refused', message: error.message };
    return { kind: 'text', text: { title: t('approval.allowTool', { tool: toolName }) } };
  }
}
