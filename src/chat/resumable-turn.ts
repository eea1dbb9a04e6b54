import { isResumableTurn } from '../conversation';
import { shownMessageIds } from './answer-versions';
import type { ChatMessage, ChatState } from './chat-state';

// The marker of a long trace is parsed once per message object, not on every publish.
const resumable = new WeakMap<ChatMessage, boolean>();

/**
 * The assistant message a "Continue" resumes: the chat's last shown message, when its run was stopped
 * or ended at the step limit and nothing runs or waits (docs/decisions/continue-run.md). Null
 * otherwise: after a normal end, an error (asking again sends that turn's tool results too), or
 * with a question or approval open.
 */
export function resumableMessageId(state: ChatState): string | null {
  if (state.running || state.pendingInput !== null || state.pendingApproval !== null) return null;
  const ids = shownMessageIds(state);
  const lastId = ids[ids.length - 1];
  const message = lastId === undefined ? undefined : state.messages[lastId];
  if (message === undefined) return null;
  let known = resumable.get(message);
  if (known === undefined) {
    known = isResumableTurn(message);
    resumable.set(message, known);
  }
  return known ? message.id : null;
}
