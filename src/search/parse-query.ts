import { foldText } from './fold-text';
import { tokenize } from './tokenize';

/** One term to look up. */
export interface QueryTerm {
  readonly term: string;
  /** Relative weight (salient terms weigh more, prefix expansions less). */
  readonly weight: number;
  /** Also match longer terms that start with this one. */
  readonly prefix: boolean;
  /** The user asked for prefix matching with `word*`. */
  readonly forced?: boolean;
}

/** A parsed query: terms to score, and folded phrases every result must contain. */
export interface ParsedQuery {
  readonly terms: readonly QueryTerm[];
  readonly phrases: readonly string[];
}

/** Words shorter than this are matched exactly; longer ones also match as prefixes (`canva` → `canvas`). */
export const MIN_PREFIX_LENGTH = 3;

/**
 * Parses a search query. `"quoted text"` is a phrase (its words are scored and the phrase must
 * appear in the result); `word*` forces prefix matching; other words of three or more letters
 * match as prefixes too, at a lower weight (see the index). Unspaced scripts become bigrams,
 * and a single character of such a script matches every bigram that starts with it.
 */
export function parseQuery(query: string, salientTerms: readonly string[] = []): ParsedQuery {
  const phrases: string[] = [];
  const rest = query.replace(/"([^"]*)"/g, (_match, phrase: string) => {
    const folded = foldText(phrase).replace(/\s+/g, ' ').trim();
    if (folded.length > 0) phrases.push(folded);
    return ` ${phrase} `;
  });
  const weights = new Map<string, QueryTerm>();
  const add = (term: string, weight: number, prefix: boolean, forced = false): void => {
    const known = weights.get(term);
    weights.set(term, { term, weight: Math.max(weight, known?.weight ?? 0), prefix: prefix || (known?.prefix ?? false), forced: forced || (known?.forced ?? false) });
  };
  const addText = (text: string, weight: number): void => {
    for (const piece of text.split(/\s+/)) {
      if (piece.length === 0) continue;
      const forcedPrefix = piece.endsWith('*');
      const kinds: { term: string; kind: string }[] = [];
      tokenize(foldText(piece), (term, kind) => kinds.push({ term, kind }));
      const onlyTail = kinds.length === 1 && kinds[0].kind === 'tail';
      kinds.forEach(({ term, kind }, index) => {
        if (kind === 'tail') {
          if (onlyTail) add(term, weight, true);
          return;
        }
        const last = index === kinds.length - 1;
        const forced = forcedPrefix && last;
        add(term, weight, kind === 'word' && (forced || term.length >= MIN_PREFIX_LENGTH), forced);
      });
    }
  };
  addText(rest, 1);
  for (const salient of salientTerms) addText(salient, 1.5);
  return { terms: [...weights.values()], phrases };
}
