import type { ChatState } from './chat-state';

/**
 * `state` without its last turn (the last user message and everything after it), for a question
 * edited and sent again; null when there is no user message.
 */
export function withoutLastTurn(state: ChatState): ChatState | null {
  const start = lastIndexOfRole(state, 'user');
  if (start === -1) return null;
  const kept = state.messageIds.slice(0, start);
  const messages = Object.fromEntries(kept.flatMap((id) => (state.messages[id] ? [[id, state.messages[id]]] : [])));
  return { ...state, messageIds: kept, messages, error: null, errorOpensSettings: false, notice: null };
}

function lastIndexOfRole(state: ChatState, role: 'user'): number {
  for (let index = state.messageIds.length - 1; index >= 0; index -= 1) if (state.messages[state.messageIds[index]]?.role === role) return index;
  return -1;
}
