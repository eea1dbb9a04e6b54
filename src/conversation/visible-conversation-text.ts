import { stripMarkers } from '../markers';
import { messageName } from './note-lines';
import { parseConversationNote } from './parse-note';

/**
 * A saved conversation note as a reader sees it (issue 26): its title, each question and each
 * answer's text, without the reasoning blocks or the message trailers' JSON, which are the
 * note's machinery and may be tens of kilobytes. Null when the note is not a Glassbox
 * conversation (it is then attached as it is).
 */
export function visibleConversationText(note: string): string | null {
  const parsed = parseConversationNote(note);
  if (!parsed.ok || parsed.format !== 'glassbox') return null;
  const parts = [`# ${parsed.value.title === '' ? 'Conversation' : parsed.value.title}`];
  for (const message of parsed.value.messages) {
    const text = message.role === 'user' ? message.content.trim() : stripMarkers(message.content).trim();
    if (text !== '') parts.push(`### ${messageName(message)}\n\n${text}`);
  }
  return `${parts.join('\n\n')}\n`;
}
