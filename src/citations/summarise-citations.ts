import type { ReasoningCitation } from '../markers';

/** The counts the chat's footer and the CLI sum a run's citations up with. */
export interface CitationSummary {
  readonly sources: number;
  readonly unread: number;
  readonly missing: number;
  readonly quotesNotFound: number;
}

/** Counts cited notes, those not read, those missing, and quotations not found. */
export function summariseCitations(citations: readonly ReasoningCitation[]): CitationSummary {
  let unread = 0;
  let missing = 0;
  let quotesNotFound = 0;
  for (const citation of citations) {
    if (citation.status === 'unread') unread += 1;
    if (citation.status === 'missing') missing += 1;
    quotesNotFound += citation.quotes.filter((quote) => !quote.found).length;
  }
  return { sources: citations.length, unread, missing, quotesNotFound };
}
