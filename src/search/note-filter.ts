import { foldText } from './fold-text';
import type { IndexedNote, TimeRange } from './index-types';

/** The time, folder and tag conditions a search may put on its notes. */
export interface NoteFilters {
  readonly timeRange?: TimeRange;
  /** Vault-relative folders; a note in one of them or below qualifies. */
  readonly folders?: readonly string[];
  /** Tags without `#`; a note carrying one of them, or a tag nested below one, qualifies. */
  readonly tags?: readonly string[];
}

function inRange(mtime: number, range: TimeRange | undefined): boolean {
  return range === undefined || ((range.start === undefined || mtime >= range.start) && (range.end === undefined || mtime <= range.end));
}

/** The time, folder and tag conditions of a search as one test of a note. */
export function noteFilter(options: NoteFilters): (note: IndexedNote) => boolean {
  const folders = (options.folders ?? []).map((folder) => folder.replace(/^\/+|\/+$/g, '')).filter((folder) => folder !== '');
  const tags = (options.tags ?? []).map((tag) => foldText(tag.trim().replace(/^#/, ''))).filter((tag) => tag !== '');
  return (note) => {
    if (!inRange(note.mtime, options.timeRange)) return false;
    if (folders.length > 0 && !folders.some((folder) => note.path.startsWith(`${folder}/`))) return false;
    if (tags.length === 0) return true;
    return note.tags.some((candidate) => {
      const folded = foldText(candidate);
      return tags.some((tag) => folded === tag || folded.startsWith(`${tag}/`));
    });
  };
}
