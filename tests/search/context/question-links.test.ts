import { questionLinks } from '../../../src/search';

describe('questionLinks', () => {
  it('finds each typed [[link]] once, in order, with headings and display text as written', () => {
    expect(questionLinks('Compare [[Plan]] with [[Folder/Note#Goals|the goals]] and ![[Plan]] again')).toEqual(['Plan', 'Folder/Note#Goals|the goals']);
  });

  it('ignores links inside code, empty brackets and an unclosed one', () => {
    expect(questionLinks('Write `[[Not a link]]` and [[ ]] and [[Open')).toEqual([]);
  });

  it('takes the innermost link of nested brackets', () => {
    expect(questionLinks('[[a [[Real note]]')).toEqual(['Real note']);
  });
});
