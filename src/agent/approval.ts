import type { ReasoningChange } from '../markers';

/**
 * Approval of tool calls (DESIGN.md 11.2, 11.5): some tools act on the world (MCP servers,
 * note writes), so a call waits for the user's decision before it runs. The run pauses on an
 * approval request the way it pauses on `request_input`; the host shows a card and answers.
 */

/**
 * What the user decided about one call:
 * - `allow_once`: run this call.
 * - `allow_run`: run it and every later call of the same scope in this run.
 * - `allow_always`: run it, and remember to run the scope's calls without asking.
 * - `deny`: do not run this call.
 * - `deny_always`: do not run it, and remember to refuse the scope's calls without asking.
 */
export type AgentApprovalDecision = 'allow_once' | 'allow_run' | 'allow_always' | 'deny' | 'deny_always';

/** One button of the approval card: the decision it gives and its label. */
export interface AgentApprovalChoice {
  readonly decision: AgentApprovalDecision;
  /** Sentence case, e.g. "Always allow this server". */
  readonly label: string;
}

/** What a tool that needs approval says about a call, for the card. */
export interface AgentApprovalText {
  /** One line, e.g. "Allow weather to run forecast?". */
  readonly title: string;
  /** Optional longer text: the arguments. Shown as text, never as HTML. */
  readonly detail?: string;
  /** A note write's proposed change: the card shows its diff, the tool step keeps it. */
  readonly change?: ReasoningChange;
}

/**
 * Thrown by {@link AgentToolApproval.describe} when the call cannot be made at all (a write to a
 * path it may not touch, a find that does not match): no card is shown, the call ends as an
 * error and the model reads this message.
 */
export class ToolCallRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolCallRefusal';
  }
}

/**
 * How a tool asks for approval. The tool protocol carries it as `AgentTool.approval`.
 *
 * @example
 * { scope: 'mcp:weather', choices: [{ decision: 'allow_once', label: 'Allow once' }], describe: (args) => ({ title: 'Allow weather to run forecast?' }) }
 */
export interface AgentToolApproval {
  /** What a remembered or run-wide decision covers, e.g. `mcp:weather` (one server) or `writes`. */
  readonly scope: string;
  /** The card's buttons, in order. At least one allows and one denies. */
  readonly choices: readonly AgentApprovalChoice[];
  /** What the model reads when the user declines (default: the generic "declined this call"). */
  readonly declinedOutput?: string;
  /**
   * The trace's line for a decision, in the words of this tool's buttons ("Approved" after
   * "Approve"); a decision left out gets the generic line ("Allowed once").
   */
  readonly decisionNotes?: Partial<Record<AgentApprovalDecision, string>>;
  /**
   * The card's text for one call. It may read what the call would change (a note write reads
   * its note to show the diff); throwing {@link ToolCallRefusal} refuses the call without a card.
   */
  describe(args: unknown, context: { readonly signal: AbortSignal }): AgentApprovalText | Promise<AgentApprovalText>;
}

/** An approval the runner asks the host for. */
export interface AgentApprovalRequest extends AgentApprovalText {
  /** The tool call's id (also the `requestId` of the events). */
  readonly requestId: string;
  readonly toolName: string;
  readonly args: Record<string, unknown>;
  readonly scope: string;
  readonly choices: readonly AgentApprovalChoice[];
}

/** A decision remembered across runs: `allow` after "always", `deny` after "never". */
export type AgentRememberedApproval = 'allow' | 'deny';

/**
 * The host's side of approvals: what is already remembered, how to ask, and where "always" and
 * "never" are kept. The runner keeps "the rest of this run" itself.
 */
export interface AgentApprovalGate {
  /** False when no one can be asked (the CLI in a pipe): a call then runs only when "allow" is remembered. Default true. */
  readonly canAsk?: boolean;
  /** A decision remembered for `scope`, or undefined to ask. */
  remembered(scope: string): AgentRememberedApproval | undefined;
  /** Shows the request and resolves with the user's decision. The signal aborts on stop or timeout. */
  ask(request: AgentApprovalRequest, signal: AbortSignal): Promise<AgentApprovalDecision>;
  /** Keeps an "always" or "never" decision (settings, a file); it may be revoked there later. */
  remember(scope: string, decision: AgentRememberedApproval): void | Promise<void>;
}

/**
 * Whether a call of `scope` could be allowed at all: "allow" is remembered, or someone can be
 * asked and "never" is not remembered. Without a gate such calls are declined.
 */
export function canBeApproved(gate: AgentApprovalGate | undefined, scope: string): boolean {
  if (gate === undefined) return false;
  let remembered: AgentRememberedApproval | undefined;
  try {
    remembered = gate.remembered(scope);
  } catch {
    // The gate is host code: when it cannot say, the call is offered and asked about.
    remembered = undefined;
  }
  return remembered === undefined ? gate.canAsk !== false : remembered === 'allow';
}

/** Whether a decision lets the call run. */
export function isAllowDecision(decision: AgentApprovalDecision): boolean {
  switch (decision) {
    case 'allow_once':
    case 'allow_run':
    case 'allow_always':
      return true;
    case 'deny':
    case 'deny_always':
      return false;
    default: {
      const unreachable: never = decision;
      return unreachable;
    }
  }
}
