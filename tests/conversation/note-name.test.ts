import { noteFileStem, titleFromQuestion, uniqueNotePath } from '../../src/conversation';

describe('note names from the first question', () => {
  it.each([
    ['What is a/b: the "ratio"?', 'What is a b the ratio'],
    ['[[Link]] #tag ^block', 'Link tag block'],
    ['CON', 'CON conversation'],
    ['nul.txt', 'nul.txt conversation'],
    ['LPT9', 'LPT9 conversation'],
    ['console', 'console'],
    ['...hidden', 'hidden'],
    ['ends with dots...  ', 'ends with dots'],
    ['tab\tand\nnewline', 'tab and newline'],
    ['', 'Conversation'],
    ['???', 'Conversation'],
    ['日本語の質問', '日本語の質問'],
    // Issue 38 item 13: "In 2026-10-08 Weekly sync , change…" (a space left where the brackets were).
    ['In [[2026-10-08 Weekly sync]], change €120 to €140', 'In 2026-10-08 Weekly sync, change €120 to €140'],
    ['See [[Plans/Q4|the plan]]; then?', 'See the plan; then'],
  ])('%j becomes %j', (title, stem) => {
    expect(noteFileStem(title)).toBe(stem);
  });

  it('caps the name at 120 UTF-8 bytes without splitting a character', () => {
    const stem = noteFileStem('漢'.repeat(200));
    expect(Buffer.byteLength(stem, 'utf8')).toBeLessThanOrEqual(120);
    expect(stem).toBe('漢'.repeat(40));
    expect(noteFileStem('😀'.repeat(100))).toBe('😀'.repeat(30));
  });

  it('makes a title from the first line with text, cut at a word', () => {
    expect(titleFromQuestion('\n\n## What changed   in the policy?\nmore')).toBe('What changed in the policy?');
    const long = titleFromQuestion('word '.repeat(40));
    expect(long.endsWith('…')).toBe(true);
    expect(Array.from(long).length).toBeLessThanOrEqual(81);
    expect(titleFromQuestion('   ')).toBe('New conversation');
  });

  it('adds a number when the name is taken', () => {
    const taken = new Set(['Chats/Question.md', 'Chats/Question 2.md']);
    expect(uniqueNotePath({ folder: 'Chats/', title: 'Question', exists: (path) => taken.has(path) })).toBe('Chats/Question 3.md');
    expect(uniqueNotePath({ folder: '', title: 'Question', exists: () => false })).toBe('Question.md');
  });
});
