import type { PromptNote } from './prompt-note';

/** A prompt the `/` menu offers, with the ranges of its name the query matched. */
export interface PromptMatch {
  readonly prompt: PromptNote;
  readonly matches: readonly (readonly [number, number])[];
}

/**
 * The prompts whose name holds the query's letters in order (case-insensitive), best first: by how
 * close together the letters are, then a match at the start of the name before one at the start of
 * a word before one anywhere. A query with a space matches the start of a name only. An empty query lists every prompt by name. As Obsidian's own suggesters match,
 * without Obsidian, so the chat and its tests share it.
 */
export function matchPrompts(prompts: readonly PromptNote[], query: string, limit: number): PromptMatch[] {
  const wanted = query.trim().toLowerCase();
  // Words typed out ("new prompt 1") match a name's start, never letters scattered over it.
  const typedOut = /\s/.test(wanted);
  const scored: { match: PromptMatch; score: number }[] = [];
  for (const prompt of prompts) {
    const name = prompt.name.toLowerCase();
    const found = typedOut ? (name.startsWith(wanted) ? { ranges: [[0, wanted.length] as [number, number]], score: 0 } : null) : subsequence(name, wanted);
    if (found !== null) scored.push({ match: { prompt, matches: found.ranges }, score: found.score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.match.prompt.name.localeCompare(b.match.prompt.name))
    .slice(0, limit)
    .map((entry) => entry.match);
}

function subsequence(name: string, query: string): { ranges: [number, number][]; score: number } | null {
  if (query === '') return { ranges: [], score: 0 };
  // Prefer the query's first letter where a word starts.
  const starts = [...name.matchAll(new RegExp(`(?:^|[\\s_-])${escape(query[0])}`, 'g'))].map((found) => (found.index === 0 && found[0].length === 1 ? 0 : found.index + 1));
  let best: { ranges: [number, number][]; score: number } | null = null;
  for (const from of [...starts, name.indexOf(query[0])]) {
    if (from < 0) continue;
    const ranges: [number, number][] = [];
    let at = from;
    for (const letter of query) {
      const index = name.indexOf(letter, at);
      if (index < 0) return best;
      const last = ranges.at(-1);
      if (last !== undefined && last[1] === index) last[1] = index + 1;
      else ranges.push([index, index + 1]);
      at = index + 1;
    }
    const spread = at - from - query.length;
    // Letters together count most, then where they start: the name's start, a word's, anywhere.
    const score = spread * 10 + (from === 0 ? 0 : starts.includes(from) ? 5 : 9) + ranges.length;
    if (best === null || score < best.score) best = { ranges, score };
  }
  return best;
}

function escape(letter: string): string {
  return letter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
