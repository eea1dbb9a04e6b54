import type { ReasoningCitation, ReasoningCitationQuote } from '../markers';
import { readAnswerCitations } from './answer-citations';
import { citationKey } from './citation-target';
import { findQuote } from './note-quotes';

/** What the check knows of the vault and the run, all of it already at hand (no reading, no model). */
export interface CitationSources {
  /** The note a cited target names (by the vault's link rules), or undefined when none does. */
  resolve(target: string): string | undefined;
  /** Whether text of this note reached the model in the run. */
  wasRead(path: string): boolean;
  /** The note's text, for its quotations; undefined when it could not be read. */
  textOf(path: string): string | undefined;
}

/**
 * THE citation check (DESIGN.md 13.3): each note the answer cites is `read`, `unread` or
 * `missing`, and each quotation attributed to it is found in it or not. Plain code over what the
 * run recorded: no second model call. Synchronous, so its cost is measured alone (bench/citations).
 */
export function checkCitations(answer: string, sources: CitationSources): ReasoningCitation[] {
  const { targets, quotes } = readAnswerCitations(answer);
  return targets.map((target) => {
    const path = sources.resolve(target);
    const key = citationKey(target);
    const own = quotes.filter((quote) => quote.citation === key);
    const checked: ReasoningCitationQuote[] = own.map((quote) => {
      if (path === undefined) return { text: quote.text, found: false };
      const note = sources.textOf(path);
      const line = note === undefined ? undefined : findQuote(quote.text, note);
      return line === undefined ? { text: quote.text, found: false } : { text: quote.text, found: true, line };
    });
    if (path === undefined) return { target, status: 'missing', quotes: checked };
    return { target, status: sources.wasRead(path) ? 'read' : 'unread', quotes: checked, path };
  });
}
