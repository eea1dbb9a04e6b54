import type { LlmMessage } from '../llm';
import { stripMarkers } from '../markers';
import { shownMessages } from './answer-alternates';
import type { ConversationMessage } from './conversation';

/** The result given to a tool call the saved turn has no result for (it ended waiting, or was cut off). */
export const NO_TOOL_RESULT = 'No result: the turn ended before this call was answered.';

/**
 * The earlier turns of a saved conversation as the model is sent them when the chat continues
 * (DESIGN.md 11.4): each question, then the turn's provider transcript — its tool calls, every
 * tool result in full and the answer — or, for a turn saved without one (typed by hand, imported),
 * its visible answer with every marker stripped (DESIGN.md 3.3). A tool call left without a
 * result gets {@link NO_TOOL_RESULT}, since a provider rejects a call with no answer. Of a
 * regenerated answer's alternates only the shown one is sent (DESIGN.md 12.3).
 */
export function historyOfConversation(messages: readonly ConversationMessage[]): LlmMessage[] {
  const history: LlmMessage[] = [];
  for (const message of shownMessages(messages)) {
    if (message.role === 'user') {
      history.push({ role: 'user', content: message.content });
      continue;
    }
    const transcript = message.transcript ?? [];
    if (transcript.length === 0) {
      const answer = stripMarkers(message.content).trim();
      if (answer !== '') history.push({ role: 'assistant', content: answer });
      continue;
    }
    const previous = history[history.length - 1];
    // Some turns were saved with their question as the first transcript entry.
    const start = transcript[0].role === 'user' && previous?.role === 'user' && previous.content === transcript[0].content ? 1 : 0;
    history.push(...withEveryCallAnswered(transcript.slice(start)));
  }
  return history;
}

function withEveryCallAnswered(transcript: readonly LlmMessage[]): LlmMessage[] {
  const answered = new Set(transcript.flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : [])));
  const out: LlmMessage[] = [];
  for (const message of transcript) {
    out.push(message);
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) {
      if (!answered.has(call.id)) out.push({ role: 'tool', toolCallId: call.id, content: NO_TOOL_RESULT });
    }
  }
  return out;
}
