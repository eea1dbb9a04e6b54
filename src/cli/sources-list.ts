import type { ReasoningCitation } from '../markers';
import { stripControls } from './terminal-text';

/**
 * The "Sources" list that ends `glassbox ask`'s answer (DESIGN.md 13.3): one line per cited note,
 * `✓` read, `!` not read in this run, `✗` no such note, and under it each quotation the note does
 * not hold. Empty when the answer cites nothing.
 */
export function sourcesList(citations: readonly ReasoningCitation[]): string {
  if (citations.length === 0) return '';
  const lines = ['Sources'];
  for (const citation of citations) {
    const link = `[[${stripControls(citation.target)}]]`;
    lines.push(`${MARK[citation.status] ?? '?'} ${link} ${STATUS_TEXT[citation.status] ?? citation.status}`);
    for (const quote of citation.quotes) if (!quote.found) lines.push(`! quote not found in ${link}: “${stripControls(quote.text)}”`);
  }
  return `${lines.join('\n')}\n`;
}

// Keyed by string: a verdict saved by a newer version may hold a status this one does not know.
const MARK: Readonly<Record<string, string>> = { read: '✓', unread: '!', missing: '✗' };
const STATUS_TEXT: Readonly<Record<string, string>> = { read: 'read', unread: 'not read in this run', missing: 'no such note' };
