import { findQuote } from '../../src/citations/note-quotes';

describe('findQuote', () => {
  const note = 'Intro line\n\nRefunds are *granted*\n  within 30 days — no\u00a0questions asked.\nLast line';

  it.each([
    ['REFUNDS ARE GRANTED WITHIN 30 DAYS', 3],
    ['within 30 days - no questions asked.', 4],
    ['Refunds are granted … no questions asked', 3],
    ['“Refunds are granted within”', 3],
  ])('finds %j at line %d', (quote, line) => {
    expect(findQuote(quote, note)).toBe(line);
  });

  it.each(['refunds are denied', 'no questions asked … refunds are granted', '…'])('does not find %j', (quote) => {
    expect(findQuote(quote, note)).toBeUndefined();
  });
});
