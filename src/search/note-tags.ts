import { foldText } from './fold-text';
import type { IndexedNote } from './index-types';

/** Notes tagged `tag` or a tag nested below it (`project` matches `project/alpha`), case-insensitive. */
export function notesWithTag(notes: readonly IndexedNote[], tag: string): IndexedNote[] {
  const wanted = foldText(tag.replace(/^#/, '').trim());
  return notes.filter((note) =>
    note.tags.some((candidate) => {
      const folded = foldText(candidate);
      return folded === wanted || folded.startsWith(`${wanted}/`);
    }),
  );
}

/** Every tag on `notes` with how many notes carry it, most used first. */
export function tagCounts(notes: readonly IndexedNote[]): { tag: string; count: number }[] {
  const counts = new Map<string, { tag: string; count: number }>();
  for (const note of notes) {
    for (const tag of note.tags) {
      const key = foldText(tag);
      const entry = counts.get(key) ?? { tag, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}
