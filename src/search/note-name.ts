import { foldText } from './fold-text';
import type { IndexedNote } from './index-types';

/** A name as people type it: folded, its words separated by single spaces. */
export function nameKey(text: string): string {
  return foldText(text)
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((word) => word !== '')
    .join(' ');
}

/**
 * Whether the note's title or one of its aliases is `key` (a {@link nameKey}): the user typed
 * the note's name. Folding keeps a name's length within a few characters, so most notes are
 * ruled out without folding their names.
 */
export function isNamed(note: IndexedNote, key: string): boolean {
  if (isName(note.title, key)) return true;
  for (const alias of note.aliases) if (isName(alias, key)) return true;
  return false;
}

function isName(name: string, key: string): boolean {
  return Math.abs(name.length - key.length) <= 4 && nameKey(name) === key;
}
