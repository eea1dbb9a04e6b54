import type { ReasoningPayload } from './reasoning-payload';

/**
 * What a run did with a note its answer cites (DESIGN.md 13.3): `read` when text of the note
 * reached the model in the run (a search passage, `readNote`, an attachment, a prompt variable),
 * `unread` when the note exists but none of its text did, `missing` when no note matches.
 */
export type ReasoningCitationStatus = 'read' | 'unread' | 'missing';

/** A quotation in the answer attributed to a cited note, and whether the note holds it. */
export interface ReasoningCitationQuote {
  /** The quoted text as the answer wrote it. */
  readonly text: string;
  /** Found in the note, whitespace and case normalised, across line breaks. */
  readonly found: boolean;
  /** Where a found quote begins in the note (1-based line): the chat opens the note there. */
  readonly line?: number;
  readonly [extra: string]: unknown;
}

/** One cited note's verdict, in the order the answer first cites it. */
export interface ReasoningCitation {
  /** The link as written, without heading, block or display text: `Refund policy`, `Projects/Alpha`. */
  readonly target: string;
  readonly status: ReasoningCitationStatus;
  readonly quotes: readonly ReasoningCitationQuote[];
  /** The vault path the link resolves to (absent for `missing`). */
  readonly path?: string;
  readonly [extra: string]: unknown;
}

/**
 * A payload's citation verdicts that can be read: a note from before they were kept has none,
 * and an entry of another shape (a newer version, a hand edit) is skipped rather than trusted.
 */
export function citationsOf(payload: ReasoningPayload | null | undefined): ReasoningCitation[] {
  const citations: unknown = payload?.citations;
  if (!Array.isArray(citations)) return [];
  return citations.filter(isCitation);
}

function isCitation(value: unknown): value is ReasoningCitation {
  return (
    isRecord(value) &&
    typeof value.target === 'string' &&
    typeof value.status === 'string' &&
    (value.path === undefined || typeof value.path === 'string') &&
    Array.isArray(value.quotes) &&
    value.quotes.every((quote) => isRecord(quote) && typeof quote.text === 'string' && typeof quote.found === 'boolean' && (quote.line === undefined || typeof quote.line === 'number'))
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
