import { citationsOf, composeAssistantContent, parseAssistantContent, type ReasoningCitation, type ReasoningPayload } from '../../src/markers';

// Issue 39: the verdicts are kept in the REASONING_BLOCK payload; notes written before stay readable.
const BASE: ReasoningPayload = { v: 1, status: 'complete', startedAt: 1, elapsedMs: 2, endedAt: 3, steps: [] };
const CITATIONS: ReasoningCitation[] = [
  { target: 'Refund policy', status: 'read', path: 'Handbook/Refund policy.md', quotes: [{ text: 'within <14> days', found: true, line: 3 }] },
  { target: 'Nowhere', status: 'missing', quotes: [{ text: 'a quote -->', found: false }] },
];

describe('citationsOf', () => {
  it('reads the verdicts back from a saved answer, and its bytes survive a round trip', () => {
    const content = composeAssistantContent({ ...BASE, citations: CITATIONS }, 'Answer [[Refund policy]].');
    const parsed = parseAssistantContent(content);
    expect(citationsOf(parsed.reasoning)).toEqual(CITATIONS);
    expect(parsed.reasoning === null ? '' : composeAssistantContent(parsed.reasoning, parsed.text)).toBe(content);
  });

  it('gives none for a note saved before citations were checked', () => {
    const parsed = parseAssistantContent(composeAssistantContent(BASE, 'Old answer [[Refund policy]].'));
    expect(parsed.reasoningError).toBe(false);
    expect(citationsOf(parsed.reasoning)).toEqual([]);
  });

  it('skips an entry of another shape, keeping the rest', () => {
    const payload = { ...BASE, citations: [{ target: 'X', status: 'read' }, CITATIONS[0], 'nonsense'] } as unknown as ReasoningPayload;
    expect(citationsOf(payload)).toEqual([CITATIONS[0]]);
  });
});
