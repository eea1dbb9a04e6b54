import { readLeadingMarker } from '../markers';
import type { ConversationMessage } from './conversation';

/**
 * The user's message when they continue a run (DESIGN.md 11.2), in the chat and in
 * `glassbox ask --continue NOTE`: shown and saved like any question, and sent as is, so the model
 * is told nothing the user cannot read.
 */
export const CONTINUE_QUESTION = 'Continue where you left off.';

/**
 * Whether "Continue" can resume this turn: an assistant turn whose run was stopped, ended at
 * the step limit or at a spending limit, and that is not waiting on a question (docs/decisions/continue-run.md).
 */
export function isResumableTurn(message: ConversationMessage): boolean {
  if (message.role !== 'assistant' || message.pendingInput !== undefined) return false;
  const status = readLeadingMarker(message.content).reasoning?.status;
  return status === 'stopped' || status === 'max_iterations' || status === 'budget';
}
