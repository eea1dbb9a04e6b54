import { t } from '../../i18n';

/**
 * One note as the tools print it: `[[Title]] (path/to/Note.md)`. The wikilink is what the model
 * should cite; the path in brackets is unambiguous and is what `readNote` accepts. The format
 * is stable so hosts and tests can parse it (see `parseNoteLine`).
 */
export function formatNoteRef(note: { readonly title: string; readonly path: string }): string {
  return `[[${note.title}]] (${note.path})`;
}

/** Lists up to three titles: `A, B, C +2 more`. */
export function summariseTitles(titles: readonly string[]): string {
  const shown = titles.slice(0, 3).join(', ');
  return titles.length > 3 ? t('trace.moreTitles', { titles: shown, count: titles.length - 3 }) : shown;
}

/** `1 note` / `5 notes`, in what the tools tell the model (English, as all of it). */
export function countNotes(count: number): string {
  return `${count} ${count === 1 ? 'note' : 'notes'}`;
}

const NOTE_LINE = /^(\d+)\. \[\[(.*)\]\] \((.*?)\)(?: § (.*))?$/;

/** Reads back a numbered result line written by the tools: `1. [[Title]] (path.md) § Heading`. */
export function parseNoteLine(line: string): { rank: number; title: string; path: string; heading?: string } | undefined {
  const match = NOTE_LINE.exec(line);
  if (!match) return undefined;
  return { rank: Number(match[1]), title: match[2], path: match[3], ...(match[4] !== undefined ? { heading: match[4] } : {}) };
}
