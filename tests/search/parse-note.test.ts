import { parseNote } from '../../src/search/parse-note';

describe('parseNote: code fences (the markers\' one fence reader)', () => {
  it('a four-backtick fence is not closed by a three-backtick line: headings and tags inside stay code', () => {
    const note = ['# Real', '', '````md', '```', '# Not a heading', '#not-a-tag', '````', '', '## After', '#real-tag'].join('\n');
    const parsed = parseNote(note);
    expect(parsed.headings).toEqual(['Real', 'After']);
    expect(parsed.tags).toEqual(['real-tag']);
  });
});
