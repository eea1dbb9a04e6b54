import { citationTarget, readAnswerCitations } from '../../src/citations';

const quotesOf = (answer: string) => readAnswerCitations(answer).quotes.map((quote) => [quote.text, quote.citation]);

describe('readAnswerCitations', () => {
  it('attributes each quotation to the nearest citation of its paragraph, a tie to the one after it', () => {
    expect(quotesOf('[[A]] says “one two three” and “four five six” ([[B]]).')).toEqual([
      ['one two three', 'a'],
      ['four five six', 'b'],
    ]);
    expect(quotesOf('[[A]] “one two three” [[B]]')).toEqual([['one two three', 'b']]);
  });

  it('keeps list items apart, and leaves a quotation with no citation near unattributed', () => {
    expect(quotesOf('- "alpha beta gamma" [[A]]\n- "delta epsilon zeta"\n\nPlain "eta theta iota".')).toEqual([
      ['alpha beta gamma', 'a'],
      ['delta epsilon zeta', undefined],
      ['eta theta iota', undefined],
    ]);
  });

  it('takes no quotation from code, callouts, names of two words, or across a blank line', () => {
    expect(quotesOf('[[A]]: `"in code here now"`, the "Pro plan", "open\n\nclose here now".\n\n> [!note] A callout here\n> with words')).toEqual([]);
  });

  it('lists each cited note once, in order, as first written', () => {
    expect(readAnswerCitations('[[Pricing]], [[pricing|again]], [x](Notes/Pricing%20old.md), [site](https://example.com), ![[Chart]]').targets).toEqual(['Pricing', 'Notes/Pricing old']);
  });
});

describe('citationTarget', () => {
  it.each([
    ['Folder/Note#Heading|shown', 'wikilink', 'Folder/Note'],
    ['Note^block', 'wikilink', 'Note'],
    ['Note.md', 'wikilink', 'Note'],
    ['<My note.md>', 'markdown', 'My note'],
    ['./Projects/Alpha.md#Plan', 'markdown', 'Projects/Alpha'],
    ['https://example.com/a.md', 'markdown', undefined],
    ['image.png', 'markdown', undefined],
    ['#Heading', 'wikilink', undefined],
  ] as const)('%s (%s) names %s', (linktext, form, target) => {
    expect(citationTarget(linktext, form)).toBe(target);
  });
});
