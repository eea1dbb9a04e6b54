import { historyOfConversation } from '../conversation';
import type { LlmMessage } from '../llm';
import type { ChatMessage } from './chat-state';

/**
 * The earlier turns as the model is sent them, the same as the CLI's `--continue` (DESIGN.md
 * 11.4): each question, then the turn's transcript (its tool calls and every tool result) or,
 * for a turn without one, its visible answer with every marker stripped (DESIGN.md 3.3); empty
 * answers (a run stopped before any text) are left out.
 */
export function toHistory(messages: readonly ChatMessage[]): LlmMessage[] {
  return historyOfConversation(messages);
}
