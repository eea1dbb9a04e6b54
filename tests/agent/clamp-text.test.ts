import { clampLine, clampText, firstLine } from '../../src/agent/clamp-text';

describe('clampText', () => {
  it.each([
    ['short text unchanged', 'abc', 5, 'abc'],
    ['cut with an ellipsis', 'abcdefgh', 5, 'abcd…'],
    ['never splits a surrogate pair', `abc${'😀'}def`, 5, 'abc…'],
  ])('%s', (_case, text, max, expected) => {
    expect(clampText(text, max)).toBe(expected);
    expect(clampText(text, max).length).toBeLessThanOrEqual(max);
  });

  it('makes one line of whitespace runs', () => {
    expect(clampLine('  a\n\n b\tc  ', 120)).toBe('a b c');
  });

  it('finds the first non-blank line', () => {
    expect(firstLine('\n  \n  Second line \nthird')).toBe('Second line');
  });
});
