import type { LlmMessage } from '../llm';
import { stripMarkers } from '../markers';
import type { ChatMessage } from './chat-state';

/**
 * The earlier turns as the model sees them: the user's words and the visible answers, with
 * every marker stripped (DESIGN.md 3.3); empty answers (a stopped run before any text) are left out.
 */
export function toHistory(messages: readonly ChatMessage[]): LlmMessage[] {
  const history: LlmMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') history.push({ role: 'user', content: message.content });
    else {
      // Markers never go back to the model (DESIGN.md 3.3).
      const answer = stripMarkers(message.content).trim();
      if (answer !== '') history.push({ role: 'assistant', content: answer });
    }
  }
  return history;
}
