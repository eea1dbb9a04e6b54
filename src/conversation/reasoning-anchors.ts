import { parseAssistantContent } from '../markers';
import type { ReasoningPayload } from '../markers/reasoning-payload';
import { readGlassboxNote } from './read-glassbox-note';

/** An assistant message of a conversation note, with where its header is and what its marker holds. */
export interface AssistantHeaderAnchor {
  /** 0-based line of the `### 🤖 Glassbox` header in the note. */
  readonly headerLine: number;
  /** The block to show under the header; null with `reasoningError` false when the message has no marker. */
  readonly payload: ReasoningPayload | null;
  readonly reasoningError: boolean;
}

/**
 * Every assistant header of a Glassbox conversation note, in order, with its reasoning: what the
 * reading-view post-processor needs to put a "Thought for" block under each header. Empty for
 * notes that are not Glassbox conversations (no role headers, or no `id` property). Never throws.
 */
export function findAssistantHeaders(text: string): AssistantHeaderAnchor[] {
  const reading = readGlassboxNote(text, { checkMarkers: false });
  // Only notes Glassbox saved (they carry an id): an ordinary note that happens to have a
  // "### 🤖 …" heading is left alone.
  if (!reading.hasMessages || reading.conversation.id === '') return [];
  const anchors: AssistantHeaderAnchor[] = [];
  reading.conversation.messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const parsed = parseAssistantContent(message.content);
    anchors.push({ headerLine: reading.layout.sections[index].headerLine, payload: parsed.reasoning, reasoningError: parsed.reasoningError });
  });
  return anchors;
}
