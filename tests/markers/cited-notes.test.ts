import { citedNotes } from '../../src/markers';

describe('citedNotes', () => {
  it('lists each wikilink target once, in order, without display text or embeds', () => {
    const answer = 'See [[Refund policy|the policy]] and [[Billing#Invoices]]; again [[refund policy]]. ![[chart.png]]';
    expect(citedNotes(answer)).toEqual(['Refund policy', 'Billing#Invoices']);
  });

  it('ignores links inside code', () => {
    const answer = ['Use `[[Not a citation]]` syntax.', '```md', '[[Inside fence]]', '```', 'Then [[Real note]].'].join('\n');
    expect(citedNotes(answer)).toEqual(['Real note']);
  });

  it('gives nothing for an answer without links', () => {
    expect(citedNotes('Refunds take 14 days.')).toEqual([]);
  });
});
