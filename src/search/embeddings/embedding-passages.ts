import { parseNote } from '../parse-note';

/** Most passages embedded per note: its first sections carry what it is about. */
export const MAX_EMBEDDED_PASSAGES = 8;
/** Characters of a passage sent to the model (about 250 tokens). */
export const EMBEDDED_PASSAGE_CHARS = 1000;

/** A passage to embed: where it starts in the note, and its text with its heading. */
export interface EmbeddingPassage {
  readonly offset: number;
  readonly text: string;
}

/** A note's heading passages as they are embedded: the note title and heading give each one its topic. */
export function embeddingPassages(title: string, text: string): EmbeddingPassage[] {
  const passages: EmbeddingPassage[] = [];
  for (const passage of parseNote(text).passages) {
    if (passages.length >= MAX_EMBEDDED_PASSAGES) break;
    const body = text.slice(passage.start, Math.min(passage.end, passage.start + EMBEDDED_PASSAGE_CHARS)).trim();
    if (body === '') continue;
    passages.push({ offset: passage.start, text: `${title}${passage.heading ? ` — ${passage.heading}` : ''}\n${body}` });
  }
  return passages;
}
