import { LIMITS } from '../../markers';
import { t } from '../../i18n';
import { clampLine, clampText } from '../clamp-text';
import type { AgentToolApproval } from '../approval';
import type { RequestParts } from '../context-fit/fit-request';
import type { RunApprovals } from '../run-approvals';
import type { RunRecorder } from '../run-recorder';
import { checkSpending, runSpent } from './check-spending';
import { requestSize } from './describe-spending-stop';
import { largeRequestOf, type LargeRequest } from './large-request';
import { SpendingLimitError } from './spending-limit-error';
import type { AgentSpendingLimits } from './spending-limits';

/** What a large request's card covers: allowed once, it covers the rest of the run. */
export const LARGE_REQUEST_SCOPE = 'spending:large-request';

/**
 * One run's spending limits (DESIGN.md 13.4), asked before every model call: the limits first
 * (a call that would cross one is not sent), then, for a request above the asking threshold,
 * the user, through the same approval card as a note write (a `notice` step names the size and
 * what makes it big). "Send" covers the rest of the run; the limits are still checked.
 */
export class RunSpending {
  private asked = 0;
  /** "Send" was chosen: later large requests of the run go without a card or a step. */
  private largeAllowed = false;

  constructor(
    private readonly options: {
      limits: AgentSpendingLimits;
      recorder: RunRecorder;
      approvals: RunApprovals;
    },
  ) {}

  /** Null when the call may be sent, else why it may not. */
  async beforeCall(options: { parts: RequestParts; tokens: number; signal: AbortSignal }): Promise<SpendingLimitError | null> {
    const { limits, recorder } = this.options;
    const stop = checkSpending({ limits, spent: runSpent(recorder.modelTurns, limits.price), nextTokens: options.tokens });
    if (stop !== null) return new SpendingLimitError(stop);
    const large = this.largeAllowed ? null : largeRequestOf({ limits, parts: options.parts, tokens: options.tokens });
    if (large === null) return null;
    return (await this.confirm(large, options.signal)) ? null : new SpendingLimitError({ kind: 'declined', tokens: large.tokens, ...(large.cost !== undefined ? { cost: large.cost } : {}) });
  }

  private async confirm(large: LargeRequest, signal: AbortSignal): Promise<boolean> {
    const { recorder, approvals } = this.options;
    const size = requestSize(large.tokens, large.cost);
    const detail = t('spending.confirmDetail', { reasons: large.reasons.join('; ') });
    const step = { id: recorder.nextStepId(), kind: 'notice' as const, summary: clampLine(t('spending.largeRequest', { size }), LIMITS.summaryChars), detail: clampText(detail, LIMITS.detailChars) };
    // Marked while its card is open, so the header says it waits for an approval.
    recorder.step({ ...step, awaitsApproval: true });
    const approval: AgentToolApproval = {
      scope: LARGE_REQUEST_SCOPE,
      choices: [
        { decision: 'allow_run', label: t('spending.send') },
        { decision: 'deny', label: t('spending.dontSend') },
      ],
      describe: () => ({ title: t('spending.confirmTitle', { size }), detail }),
    };
    this.asked += 1;
    const outcome = await approvals.check({ approval, text: { title: t('spending.confirmTitle', { size }), detail }, toolName: 'glassbox', args: {}, stepId: step.id, callId: `large-request-${this.asked}`, signal });
    recorder.step(outcome.kind !== 'cancelled' && outcome.note !== undefined ? { ...step, detail: clampText(`${detail}\n${outcome.note}`, LIMITS.detailChars) } : step);
    this.largeAllowed = outcome.kind === 'allowed';
    return this.largeAllowed;
  }
}
