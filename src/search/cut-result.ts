import { foldText } from './fold-text';
import { NO_HEADING, type IndexCore } from './index-core';
import type { RankedNote, SearchResult } from './index-types';
import { makeSnippet } from './make-snippet';
import { chunkAt, chunkStarts, READ_NOTE_CHUNK_CHARS } from './note-chunks';
import type { ParsedQuery } from './parse-query';

/**
 * Turns a ranked note and its text into a search result: picks the passage (for a phrase query,
 * the first passage that contains every phrase; none means the note is not a result), names its
 * heading and cuts an excerpt around the match. The heading line itself is left out of the
 * excerpt, since the result reports the heading on its own.
 */
export function cutResult(options: { core: IndexCore; hit: RankedNote; query: ParsedQuery; text: string }): SearchResult | null {
  const { core, hit, query, text } = options;
  const { passages } = core;
  const noteId = core.byPath.get(hit.note.path);
  if (noteId === undefined) return null;
  const record = core.notes[noteId];
  let passage = hit.passage;
  if (query.phrases.length > 0) {
    passage = -1;
    for (let candidate = record.firstPassage; candidate < record.firstPassage + record.passageCount; candidate += 1) {
      const folded = foldText(text.slice(passages.start.array[candidate], passages.end.array[candidate])).replace(/\s+/g, ' ');
      if (query.phrases.every((phrase) => folded.includes(phrase))) {
        passage = candidate;
        break;
      }
    }
    if (passage < 0) return null;
  }
  if (passage < 0 && record.passageCount > 0) passage = record.firstPassage;
  const headingIndex = passage < 0 ? NO_HEADING : passages.heading.array[passage];
  const heading = headingIndex === NO_HEADING ? undefined : record.headings[headingIndex];
  let body = passage < 0 ? '' : text.slice(passages.start.array[passage], passages.end.array[passage]);
  if (heading !== undefined && /^ {0,3}#/.test(body)) body = body.slice(body.indexOf('\n') + 1 || body.length);
  // A heading with nothing under it (a note's H1 right before its first H2) would give an empty
  // passage: show the next section of the same note instead, its heading line included.
  for (let next = passage + 1; passage >= 0 && body.trim() === '' && next < record.firstPassage + record.passageCount; next += 1) {
    body = text.slice(passages.start.array[next], passages.end.array[next]);
  }
  const terms = [...query.phrases, ...query.terms.flatMap((term) => [term.term, ...term.forms.map((form) => form.term), ...(term.pairs ?? [])])];
  const result: SearchResult = { path: hit.note.path, title: hit.note.title, score: hit.score, ...(heading !== undefined ? { heading } : {}), passage: makeSnippet(body, terms), mtime: hit.note.mtime };
  if (text.length <= READ_NOTE_CHUNK_CHARS || passage < 0) return result;
  const starts = chunkStarts(text);
  const offset = matchOffset(text, passages.start.array[passage], passages.end.array[passage], terms);
  return { ...result, chunk: chunkAt(starts, offset), chunks: starts.length };
}

/** Where in the text the passage's first query match lies (the passage start when none is found). */
function matchOffset(text: string, start: number, end: number, terms: readonly string[]): number {
  const folded = foldText(text.slice(start, end));
  let first = -1;
  for (const term of terms) {
    const at = folded.indexOf(term);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  // Folding rarely changes lengths (ß → ss); clamp so a shifted offset stays inside the passage.
  return first < 0 ? start : Math.min(end - 1, start + first);
}
