import { columnWidth, fitToColumns } from '../../src/cli/terminal-width';

describe('terminal widths', () => {
  it('counts CJK and emoji as two columns, Latin as one, combining marks as none', () => {
    expect(columnWidth('a'.codePointAt(0) ?? 0)).toBe(1);
    expect(columnWidth('味'.codePointAt(0) ?? 0)).toBe(2);
    expect(columnWidth('한'.codePointAt(0) ?? 0)).toBe(2);
    expect(columnWidth('🤖'.codePointAt(0) ?? 0)).toBe(2);
    expect(columnWidth(0x0301)).toBe(0);
  });

  it('cuts to the width with an ellipsis, keeps a line that fits, and never splits a surrogate pair', () => {
    expect(fitToColumns('Reasoning', 20)).toBe('Reasoning');
    expect(fitToColumns('味噌汁の作り方', 8)).toBe('味噌汁…');
    expect(fitToColumns('abcdef', 4)).toBe('abc…');
    expect(fitToColumns('ab🤖🤖🤖', 6)).toBe('ab🤖…');
  });
});
