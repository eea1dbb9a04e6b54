import type { Conversation } from '../../src/conversation';
import { formatTrailer } from '../../src/conversation/message-trailer';
import { compactTranscript } from '../../src/conversation/stored-transcript';

/**
 * The note as Glassbox wrote it before issue 15 (every tool result inline in the trailer, as well
 * as in the block): the current note with each assistant trailer written with the full transcript.
 * This is the "before" of the size table and the input of the upgrade row.
 */
export function inEarlierFormat(note: string, conversation: Conversation): string {
  let text = note;
  for (const message of conversation.messages) {
    if (message.role !== 'assistant' || message.transcript === undefined) continue;
    const fields = { id: message.id, at: message.at };
    text = text.replace(formatTrailer({ ...fields, transcript: compactTranscript(message.transcript, message.content) }), () => formatTrailer({ ...fields, transcript: message.transcript }));
  }
  return text;
}
