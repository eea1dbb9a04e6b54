import { describeNoteChange, diffLines, noteLines } from '../../src/writes';

describe('diffLines', () => {
  it('keeps common lines and marks removed before added lines', () => {
    expect(diffLines(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e'])).toEqual([
      { op: ' ', text: 'a' },
      { op: '-', text: 'b' },
      { op: '+', text: 'x' },
      { op: ' ', text: 'c' },
      { op: ' ', text: 'd' },
      { op: '+', text: 'e' },
    ]);
  });

  it('finds moved-around common lines in the middle (longest common subsequence)', () => {
    const ops = diffLines(['1', 'a', 'b', 'c', '2'], ['1', 'b', 'c', 'a', '2']);
    expect(ops.filter((op) => op.op !== ' ').map((op) => op.op + op.text)).toEqual(['-a', '+a']);
  });
});

describe('noteLines', () => {
  it('ignores one final line break, and an empty note has no lines', () => {
    expect(noteLines('')).toEqual([]);
    expect(noteLines('a\nb\n')).toEqual(['a', 'b']);
    expect(noteLines('a\r\nb')).toEqual(['a', 'b']);
  });
});

describe('describeNoteChange', () => {
  it('counts every line but keeps two lines of context and marks the left-out runs', () => {
    const before = Array.from({ length: 20 }, (_, index) => `line ${index}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    expect(describeNoteChange('n.md', before, after)).toEqual({
      path: 'n.md',
      added: 1,
      removed: 1,
      diff: ['@8', ' line 8', ' line 9', '-line 10', '+line ten', ' line 11', ' line 12', '@7'],
    });
  });

  it('cuts a very long diff but keeps the exact counts', () => {
    const after = Array.from({ length: 1000 }, (_, index) => `row ${index}`).join('\n');
    const change = describeNoteChange('n.md', '', after);
    expect(change.added).toBe(1000);
    expect(change.diff).toHaveLength(201);
    expect(change.diff.at(-1)).toBe('…');
  });
});
