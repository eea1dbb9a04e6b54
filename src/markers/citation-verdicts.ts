import type { ReasoningCitation, ReasoningPayload } from './reasoning-payload';

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
