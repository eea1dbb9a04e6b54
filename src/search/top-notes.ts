import type { RankedNote } from './index-types';

/** Keeps `top` sorted best first with at most `limit` entries (ties: shorter path first). */
export function insertTop(top: RankedNote[], candidate: RankedNote, limit: number): void {
  if (top.length >= limit && !better(candidate, top[top.length - 1])) return;
  let index = top.length;
  while (index > 0 && better(candidate, top[index - 1])) index -= 1;
  top.splice(index, 0, candidate);
  if (top.length > limit) top.pop();
}

function better(a: RankedNote, b: RankedNote): boolean {
  return a.score > b.score || (a.score === b.score && a.note.path < b.note.path);
}
