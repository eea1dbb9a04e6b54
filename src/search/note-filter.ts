import { foldText } from './fold-text';
import type { IndexedNote, NoteScope, TimeRange } from './index-types';

export type { NoteScope } from './index-types';

/** The time, folder and tag conditions a search may put on its notes. */
export interface NoteFilters {
  readonly timeRange?: TimeRange;
  /** Vault-relative folders; a note in one of them or below qualifies. */
  readonly folders?: readonly string[];
  /** Tags without `#`; a note carrying one of them, or a tag nested below one, qualifies. */
  readonly tags?: readonly string[];
  /** The run's scope (DESIGN.md 11.1), on top of the conditions above. */
  readonly within?: NoteScope;
}

function inRange(mtime: number, range: TimeRange | undefined): boolean {
  return range === undefined || ((range.start === undefined || mtime >= range.start) && (range.end === undefined || mtime <= range.end));
}

/** Notes in one of `folders` (when any) and with one of `tags` (when any). */
function folderTagFilter(options: { readonly folders?: readonly string[]; readonly tags?: readonly string[] }): (note: IndexedNote) => boolean {
  const folders = (options.folders ?? []).map((folder) => folder.replace(/^\/+|\/+$/g, '')).filter((folder) => folder !== '');
  const tags = (options.tags ?? []).map((tag) => foldText(tag.trim().replace(/^#/, ''))).filter((tag) => tag !== '');
  return (note) => {
    if (folders.length > 0 && !folders.some((folder) => note.path.startsWith(`${folder}/`))) return false;
    if (tags.length === 0) return true;
    return note.tags.some((candidate) => {
      const folded = foldText(candidate);
      return tags.some((tag) => folded === tag || folded.startsWith(`${tag}/`));
    });
  };
}

/** The notes a scope lets the vault tools see. */
export function scopeFilter(scope: NoteScope): (note: IndexedNote) => boolean {
  const paths = new Set(scope.paths ?? []);
  const inFoldersAndTags = folderTagFilter(scope);
  return (note) => paths.has(note.path) || inFoldersAndTags(note);
}

/** The time, folder, tag and scope conditions of a search as one test of a note. */
export function noteFilter(options: NoteFilters): (note: IndexedNote) => boolean {
  const inFoldersAndTags = folderTagFilter(options);
  const inScope = options.within === undefined ? undefined : scopeFilter(options.within);
  return (note) => inRange(note.mtime, options.timeRange) && inFoldersAndTags(note) && (inScope === undefined || inScope(note));
}
