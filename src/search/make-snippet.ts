import { foldText } from './fold-text';

/** Longest excerpt a result carries, in characters. */
export const SNIPPET_CHARS = 320;

/**
 * Cuts a readable excerpt of `text` around the first place where the most query terms meet:
 * whitespace collapsed, Markdown heading marks dropped, cut at word boundaries with `…` where
 * text was left out. `terms` are folded query terms; matching is on folded text, whose offsets
 * track the original closely (folding rarely changes lengths), so positions are scaled.
 */
export function makeSnippet(text: string, terms: readonly string[], maxChars = SNIPPET_CHARS): string {
  const clean = text.replace(/^#{1,6}[ \t]+/gm, '').replace(/\s+/g, ' ').trim();
  if (clean.length <= maxChars) return clean;
  const folded = foldText(clean);
  const scale = clean.length / Math.max(1, folded.length);
  let best = -1;
  let bestHits = 0;
  for (const term of terms) {
    for (let at = folded.indexOf(term), seen = 0; at >= 0 && seen < 20; at = folded.indexOf(term, at + 1), seen += 1) {
      const span = folded.slice(Math.max(0, at - 40), at + maxChars - 40);
      const hits = terms.reduce((count, other) => count + (span.includes(other) ? 1 : 0), 0);
      if (hits > bestHits) {
        bestHits = hits;
        best = at;
      }
    }
  }
  let start = best < 0 ? 0 : Math.max(0, Math.round(best * scale) - 60);
  if (start > 0) {
    const space = clean.indexOf(' ', start);
    start = space >= 0 && space - start < 20 ? space + 1 : start;
  }
  let end = Math.min(clean.length, start + maxChars);
  if (end < clean.length) {
    const space = clean.lastIndexOf(' ', end);
    if (space > start + maxChars / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${clean.slice(start, end).trim()}${end < clean.length ? '…' : ''}`;
}
