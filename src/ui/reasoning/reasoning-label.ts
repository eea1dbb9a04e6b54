import { t } from '../../i18n';
import { formatDuration, settledRunLabel, waitingLabel, withStepFailures } from '../../markers';
import type { ReasoningPayload } from '../../markers';
import { liveReasoningMs, savedReasoningMs } from './reasoning-timing';

/** Inputs of {@link reasoningHeaderLabel}. */
export interface ReasoningLabelInput {
  readonly payload: ReasoningPayload | null;
  readonly reasoningError: boolean;
  /** True for the message of the run in progress; reloaded blocks are never live. */
  readonly live: boolean;
  readonly nowMs: number;
}

/**
 * The header text of the block (DESIGN.md 5): "Reasoning · 9s", "Waiting for your answer",
 * "Thought for 12s", "Stopped after 14s", "Failed after 3s", "Reasoning unavailable". A settled
 * block adds how many tool steps failed or were declined ("Thought for 12s · 1 step failed"),
 * so the folded line never reads as a success when a step was not one (issue 26).
 */
export function reasoningHeaderLabel(input: ReasoningLabelInput): string {
  const { payload } = input;
  if (payload === null) return t('reasoning.unavailable');
  const label = workingOrSettledLabel(input, payload);
  const settled = !input.live || (payload.status !== 'reasoning' && payload.status !== 'awaiting_input');
  return settled && Array.isArray(payload.steps) ? withStepFailures(label, payload.steps) : label;
}

function workingOrSettledLabel(input: ReasoningLabelInput, payload: ReasoningPayload): string {
  const saved = savedReasoningMs(payload);
  const status = payload.status;
  // REASONING_STATUS_EDIT_REQUIRED
  switch (status) {
    case 'reasoning': {
      if (!input.live) return settledRunLabel('complete', saved);
      const ms = liveReasoningMs(payload, input.nowMs);
      // "Reasoning · 0s" would be the "0s" DESIGN.md forbids; the first second shows no number.
      return ms < 1000 ? t('reasoning.working') : t('reasoning.workingFor', { duration: formatDuration(ms) });
    }
    case 'awaiting_input':
      return input.live ? waitingLabel(payload) : settledRunLabel('complete', saved);
    case 'collapsed':
    case 'complete':
    case 'stopped':
    case 'error':
    case 'max_iterations':
    case 'budget':
      return settledRunLabel(status, saved);
    default:
      return unknownStatus(status, saved);
  }
}

/**
 * What the polite live region says. It changes with the run's state, never with the ticking
 * timer, so screen readers hear "Answering" once rather than every second.
 */
export function reasoningAnnouncement(input: ReasoningLabelInput): string {
  const { payload } = input;
  if (!input.live) return '';
  if (payload === null) return input.reasoningError ? t('reasoning.unavailable') : '';
  const status = payload.status;
  // REASONING_STATUS_EDIT_REQUIRED
  switch (status) {
    case 'reasoning':
      return t('reasoning.announceWorking');
    case 'awaiting_input':
      return waitingLabel(payload);
    case 'collapsed':
      return t('reasoning.answering');
    case 'complete':
    case 'stopped':
    case 'max_iterations':
      return reasoningHeaderLabel(input);
    case 'error':
    case 'budget':
      return payload.error ? `${reasoningHeaderLabel(input)}: ${payload.error}` : reasoningHeaderLabel(input);
    default:
      return unknownStatus(status, savedReasoningMs(payload));
  }
}

// A status from a newer plugin version (kept verbatim by the codec) gets a header instead of a
// crash, and reads as `complete` ("Thought for 12s"): the note it came from holds an ended run.
function unknownStatus(status: never, saved: number | null): string {
  return typeof status === 'string' ? settledRunLabel('complete', saved) : t('reasoning.unavailable');
}
