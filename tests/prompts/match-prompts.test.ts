import { matchPrompts, parsePromptNote } from '../../src/prompts';

const prompts = ['Summarize', 'Translate to French', 'Fix grammar', 'Meeting notes', 'Make a summary table'].map((name) => parsePromptNote(`P/${name}.md`, ''));
const names = (query: string) => matchPrompts(prompts, query, 10).map((match) => match.prompt.name);

describe('matchPrompts', () => {
  it('lists every prompt by name for an empty query', () => {
    expect(names('')).toEqual(['Fix grammar', 'Make a summary table', 'Meeting notes', 'Summarize', 'Translate to French']);
  });

  it('ranks letters together first, then a match at the start of the name before one at a word', () => {
    expect(names('sum')).toEqual(['Summarize', 'Make a summary table']);
    expect(names('fr')).toEqual(['Translate to French', 'Fix grammar']);
    expect(names('mt')).toEqual(['Meeting notes', 'Make a summary table']);
  });

  it('gives the ranges to highlight, joined where letters follow each other', () => {
    expect(matchPrompts(prompts, 'TRfr', 5)[0].matches).toEqual([
      [0, 2],
      [13, 15],
    ]);
  });

  it('finds nothing when a letter is missing, and stops at the limit', () => {
    expect(names('xyz')).toEqual([]);
    expect(matchPrompts(prompts, '', 2)).toHaveLength(2);
  });

  it('matches words typed out with a space at the start of a name only (issue 38 item 6)', () => {
    expect(names('translate to')).toEqual(['Translate to French']);
    expect(matchPrompts(prompts, 'make a', 5)[0].matches).toEqual([[0, 6]]);
    // Letters scattered over a name are no match once a space was typed: that is a question.
    expect(names('m a')).toEqual([]);
  });
});
