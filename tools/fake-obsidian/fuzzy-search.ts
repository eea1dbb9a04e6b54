/** Obsidian's `SearchResult`: a score (higher is better, 0 at best) and the matched ranges `[start, end)`. */
export interface FakeSearchResult {
  score: number;
  matches: [number, number][];
}

/**
 * Obsidian's `prepareFuzzySearch`: the query's characters (spaces ignored, case ignored) must
 * appear in the text in order; a match scores higher the fewer and shorter its gaps and the
 * earlier it starts, and runs that start a word count extra. Our approximation of the app's
 * scorer: the same matches, a comparable order (exact and prefix matches first), not its numbers.
 */
export function prepareFuzzySearch(query: string): (text: string) => FakeSearchResult | null {
  const wanted = query.toLowerCase().replace(/\s+/g, '');
  return (text: string) => {
    if (wanted === '') return { score: 0, matches: [] };
    const lower = text.toLowerCase();
    const positions = bestPositions(lower, wanted);
    if (positions === null) return null;
    const matches: [number, number][] = [];
    for (const position of positions) {
      const last = matches[matches.length - 1];
      if (last !== undefined && last[1] === position) last[1] = position + 1;
      else matches.push([position, position + 1]);
    }
    const gaps = matches.length - 1;
    const wordStarts = matches.filter(([start]) => start === 0 || /[\s\-_/.(]/.test(lower[start - 1])).length;
    const score = -(gaps * 1 + positions[0] * 0.1 + (lower.length - wanted.length) * 0.01) + wordStarts * 0.5 - 0.5 * matches.length;
    return { score: Math.min(0, score), matches };
  };
}

// Greedy from each possible start, keeping the placement with the fewest runs.
function bestPositions(text: string, wanted: string): number[] | null {
  let best: number[] | null = null;
  let bestRuns = Infinity;
  for (let start = text.indexOf(wanted[0]); start !== -1; start = text.indexOf(wanted[0], start + 1)) {
    const positions = [start];
    let at = start + 1;
    for (let index = 1; index < wanted.length && positions.length === index; index += 1) {
      const found = text.indexOf(wanted[index], at);
      if (found === -1) break;
      positions.push(found);
      at = found + 1;
    }
    if (positions.length !== wanted.length) break;
    const runs = positions.filter((position, index) => index === 0 || positions[index - 1] !== position - 1).length;
    if (runs < bestRuns) {
      best = positions;
      bestRuns = runs;
    }
  }
  return best;
}
