import type { ReasoningStatus } from './reasoning-payload';
import { formatDuration } from './format-duration';

/** A state the run has left the working phase in. */
export type SettledReasoningStatus = Exclude<ReasoningStatus, 'reasoning' | 'awaiting_input'>;

/**
 * THE label table of a settled reasoning block (DESIGN.md 5), for the chat, the reading view
 * and the CLI alike: the words before a duration, and the words when there is none (a legacy
 * block saved without one).
 */
const SETTLED_LABELS: Readonly<Record<SettledReasoningStatus, { readonly before: string; readonly alone: string }>> = Object.freeze({
  collapsed: { before: 'Thought for', alone: 'Thought' },
  complete: { before: 'Thought for', alone: 'Thought' },
  stopped: { before: 'Stopped after', alone: 'Stopped' },
  error: { before: 'Failed after', alone: 'Failed' },
  max_iterations: { before: 'Reached the step limit after', alone: 'Reached the step limit' },
});

/** "Thought for 12s", "Stopped after 14s", …; without a duration "Thought", "Stopped", …. */
export function settledRunLabel(status: SettledReasoningStatus, elapsedMs: number | null | undefined): string {
  const label = SETTLED_LABELS[status];
  return elapsedMs === null || elapsedMs === undefined ? label.alone : `${label.before} ${formatDuration(elapsedMs)}`;
}

/**
 * The reasoning block's header for a state (DESIGN.md 5): "Reasoning · 3s" while working,
 * "Waiting for your answer", then the settled labels of {@link settledRunLabel}.
 * `elapsedMs` undefined (a legacy block without a duration) gives "Thought".
 */
export function describeRunDuration(status: ReasoningStatus, elapsedMs: number | undefined): string {
  switch (status) {
    case 'reasoning':
      return elapsedMs === undefined || elapsedMs < 1000 ? 'Reasoning' : `Reasoning · ${formatDuration(elapsedMs)}`;
    case 'awaiting_input':
      return 'Waiting for your answer';
    case 'collapsed':
    case 'complete':
    case 'max_iterations':
    case 'stopped':
    case 'error':
      return settledRunLabel(status, elapsedMs);
    default: {
      const unreachable: never = status;
      return String(unreachable);
    }
  }
}
