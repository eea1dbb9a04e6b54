import { t, type PlainKey } from '../i18n';
import type { ReasoningStatus } from './reasoning-payload';
import { formatDuration } from './format-duration';

/** A state the run has left the working phase in. */
export type SettledReasoningStatus = Exclude<ReasoningStatus, 'reasoning' | 'awaiting_input'>;

/**
 * THE label table of a settled reasoning block (DESIGN.md 5), for the chat, the reading view
 * and the CLI alike: the key of the words with a duration, and of the words when there is none
 * (a legacy block saved without one), in the UI's language (src/i18n; the CLI's is English).
 */
const SETTLED_LABELS: Readonly<Record<SettledReasoningStatus, { readonly before: SettledKey; readonly alone: PlainKey }>> = Object.freeze({
  collapsed: { before: 'reasoning.thoughtFor', alone: 'reasoning.thought' },
  complete: { before: 'reasoning.thoughtFor', alone: 'reasoning.thought' },
  stopped: { before: 'reasoning.stoppedAfter', alone: 'reasoning.stopped' },
  error: { before: 'reasoning.failedAfter', alone: 'reasoning.failed' },
  max_iterations: { before: 'reasoning.stepLimitAfter', alone: 'reasoning.stepLimit' },
  budget: { before: 'reasoning.budgetAfter', alone: 'reasoning.budget' },
});

type SettledKey = 'reasoning.thoughtFor' | 'reasoning.stoppedAfter' | 'reasoning.failedAfter' | 'reasoning.stepLimitAfter' | 'reasoning.budgetAfter';

/** "Thought for 12s", "Stopped after 14s", …; without a duration "Thought", "Stopped", …. */
export function settledRunLabel(status: SettledReasoningStatus, elapsedMs: number | null | undefined): string {
  const label = SETTLED_LABELS[status];
  return elapsedMs === null || elapsedMs === undefined ? t(label.alone) : t(label.before, { duration: formatDuration(elapsedMs) });
}

/**
 * The reasoning block's header for a state (DESIGN.md 5): "Reasoning · 3s" while working,
 * "Waiting for your answer", then the settled labels of {@link settledRunLabel}.
 * `elapsedMs` undefined (a legacy block without a duration) gives "Thought".
 */
export function describeRunDuration(status: ReasoningStatus, elapsedMs: number | undefined): string {
  switch (status) {
    case 'reasoning':
      return elapsedMs === undefined || elapsedMs < 1000 ? t('reasoning.announceWorking') : t('reasoning.workingFor', { duration: formatDuration(elapsedMs) });
    case 'awaiting_input':
      return t('reasoning.waitingForAnswer');
    case 'collapsed':
    case 'complete':
    case 'max_iterations':
    case 'budget':
    case 'stopped':
    case 'error':
      return settledRunLabel(status, elapsedMs);
    default: {
      const unreachable: never = status;
      return String(unreachable);
    }
  }
}
