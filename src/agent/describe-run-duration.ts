import type { ReasoningStatus } from '../markers/reasoning-payload';
import { formatDuration } from './format-duration';

/**
 * The reasoning block's header for a state (DESIGN.md 5): "Reasoning · 3s" while working,
 * "Waiting for your answer", "Thought for 12s", "Stopped after 14s", "Failed after 3s".
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
      return elapsedMs === undefined ? 'Thought' : `Thought for ${formatDuration(elapsedMs)}`;
    case 'stopped':
      return elapsedMs === undefined ? 'Stopped' : `Stopped after ${formatDuration(elapsedMs)}`;
    case 'error':
      return elapsedMs === undefined ? 'Failed' : `Failed after ${formatDuration(elapsedMs)}`;
    default: {
      const unreachable: never = status;
      return String(unreachable);
    }
  }
}
