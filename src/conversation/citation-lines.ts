import { summariseCitations } from '../citations';
import type { ReasoningCitation } from '../markers';

/**
 * An answer's checked citations as plain lines (DESIGN.md 13.3), the same in the CLI's "Sources"
 * list and in the exports: `✓ [[Refund policy]] read`, `! [[Pricing]] not read in this run`,
 * `✗ [[Nowhere]] no such note`, and under a note each quotation it does not hold,
 * `! quote not found in [[Refund policy]]: “…”`. English, as the CLI and the HTML page are.
 */
export function citationLines(citations: readonly ReasoningCitation[]): string[] {
  const lines: string[] = [];
  for (const citation of citations) {
    const link = `[[${citation.target}]]`;
    lines.push(`${MARK[citation.status] ?? '?'} ${link} ${STATUS_TEXT[citation.status] ?? citation.status}`);
    for (const quote of citation.quotes) if (!quote.found) lines.push(`! quote not found in ${link}: “${quote.text}”`);
  }
  return lines;
}

/** `Sources: 3 · 1 not read · 1 quote not found`: the verdicts summed up, in English. */
export function citationSummaryLine(citations: readonly ReasoningCitation[]): string {
  const counts = summariseCitations(citations);
  const parts = [`Sources: ${counts.sources}`];
  if (counts.unread > 0) parts.push(`${counts.unread} not read`);
  if (counts.missing > 0) parts.push(`${counts.missing} missing`);
  if (counts.quotesNotFound > 0) parts.push(`${counts.quotesNotFound} ${counts.quotesNotFound === 1 ? 'quote' : 'quotes'} not found`);
  return parts.join(' · ');
}

// Keyed by string: a verdict saved by a newer version may hold a status this one does not know.
const MARK: Readonly<Record<string, string>> = { read: '✓', unread: '!', missing: '✗' };
const STATUS_TEXT: Readonly<Record<string, string>> = { read: 'read', unread: 'not read in this run', missing: 'no such note' };
