import { readGlassboxNote } from './read-glassbox-note';

/** An assistant message of a conversation note: where it sits and what it says. */
export interface AssistantHeaderAnchor {
  /** 0-based line of the `### 🤖 Glassbox` header in the note. */
  readonly headerLine: number;
  /** 0-based first line after the message (the next header, or the end of the note). */
  readonly endLine: number;
  /** The message content as the chat holds it: marker, answer, legacy markers, think sections. */
  readonly content: string;
}

/**
 * Every assistant message of a Glassbox conversation note, in order: what the reading-view
 * post-processor needs to render each one with the chat's message renderer. Empty for notes
 * that are not Glassbox conversations (no role headers, or no `id` property). Never throws.
 */
export function findAssistantHeaders(text: string): AssistantHeaderAnchor[] {
  const reading = readGlassboxNote(text, { checkMarkers: false });
  // Only notes Glassbox saved (they carry an id): an ordinary note that happens to have a
  // "### 🤖 …" heading is left alone.
  if (!reading.hasMessages || reading.conversation.id === '') return [];
  const anchors: AssistantHeaderAnchor[] = [];
  reading.conversation.messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const section = reading.layout.sections[index];
    anchors.push({ headerLine: section.headerLine, endLine: section.endLine, content: message.content });
  });
  return anchors;
}
