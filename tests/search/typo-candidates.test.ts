import fc from 'fast-check';
import { TermDictionary } from '../../src/search/term-dictionary';
import { TypoIndex, editDistance, typoBudget } from '../../src/search/typo-candidates';

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit, like an insertion, deletion or substitution', () => {
    expect(editDistance('serach', 'search', 2)).toBe(1);
    expect(editDistance('hisotry', 'history', 2)).toBe(1);
    expect(editDistance('imgaes', 'images', 2)).toBe(1);
    expect(editDistance('comunity', 'community', 2)).toBe(1);
    expect(editDistance('recieve', 'receive', 2)).toBe(1);
    expect(editDistance('templtae', 'template', 2)).toBe(1);
    expect(editDistance('cat', 'dog', 2)).toBe(3);
  });

  it('stops at the limit', () => {
    expect(editDistance('abcdefgh', 'hgfedcba', 2)).toBe(3);
  });

  it('agrees with the whole distance table (capped at limit + 1) on any pair of words', () => {
    // The full optimal-string-alignment table, as the definition; the function computes a band.
    const fullTable = (a: string, b: string): number => {
      const table = Array.from({ length: a.length + 1 }, (_row, row) => Array.from({ length: b.length + 1 }, (_cell, column) => (row === 0 ? column : column === 0 ? row : 0)));
      for (let row = 1; row <= a.length; row += 1) {
        for (let column = 1; column <= b.length; column += 1) {
          const cost = a[row - 1] === b[column - 1] ? 0 : 1;
          table[row][column] = Math.min(table[row - 1][column] + 1, table[row][column - 1] + 1, table[row - 1][column - 1] + cost);
          if (row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1]) table[row][column] = Math.min(table[row][column], table[row - 2][column - 2] + 1);
        }
      }
      return table[a.length][b.length];
    };
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', 'é'), maxLength: 12 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, limit) => {
        expect(editDistance(a, b, limit)).toBe(Math.min(fullTable(a, b), limit + 1));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('TypoIndex', () => {
  const dictionary = TermDictionary.fromTerms(['search', 'seach', 'history', 'vault', 'backlink', 'research']);
  const typos = new TypoIndex(dictionary);
  const used = (id: number): number => [50, 1, 20, 80, 10, 5][id];

  it('finds terms one edit away, nearest and most used first, never the word itself', () => {
    expect(typos.find('serach', 1, 5, used).map((candidate) => dictionary.term(candidate.id))).toEqual(['search', 'seach']);
    expect(typos.find('seach', 1, 5, used).map((candidate) => dictionary.term(candidate.id))).toEqual(['search']);
  });

  it('allows one edit for short words and two for long ones, none for very short ones', () => {
    expect([typoBudget(3), typoBudget(4), typoBudget(7), typoBudget(8)]).toEqual([0, 1, 1, 2]);
    expect(typos.find('vlt', typoBudget(3), 5, used)).toEqual([]);
    expect(typos.find('bakclnik', typoBudget(8), 5, used).map((candidate) => dictionary.term(candidate.id))).toEqual(['backlink']);
  });

  it('measures from the nearest of several spellings of one word (its stems in different languages)', () => {
    expect(typos.find(['hstory', 'vaulr'], 1, 5, used).map((candidate) => dictionary.term(candidate.id))).toEqual(['vault', 'history']);
    // `search` is one edit from `serach` but is one of the words: only `seach` is a near spelling.
    expect(typos.find(['search', 'serach'], 1, 5, used).map((candidate) => dictionary.term(candidate.id))).toEqual(['seach']);
  });

  it('sees terms added to the dictionary after its first use', () => {
    const grown = new TermDictionary();
    grown.add('alpha');
    const index = new TypoIndex(grown);
    expect(index.find('canvsa', 1, 5, () => 1)).toEqual([]);
    grown.add('canvas');
    expect(index.find('canvsa', 1, 5, () => 1).map((candidate) => grown.term(candidate.id))).toEqual(['canvas']);
  });

  it('finds exactly the terms a scan of the whole dictionary with the distance finds (its filters only skip terms out of reach)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', 'e'), minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 60 }), word, fc.integer({ min: 1, max: 2 }), (terms, query, budget) => {
        const dictionary = TermDictionary.fromTerms(terms);
        const found = new TypoIndex(dictionary).find(query, budget, 1_000, () => 1);
        const expected = terms
          .map((term, id) => ({ id, distance: editDistance(query, term, budget) }))
          .filter(({ id, distance }) => distance <= budget && terms[id] !== query)
          .sort((a, b) => a.distance - b.distance || a.id - b.id);
        expect(found).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
