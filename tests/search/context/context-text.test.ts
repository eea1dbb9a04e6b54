import { cutToBudget, looksBinary } from '../../../src/search/context/context-text';

describe('cutToBudget', () => {
  it('sends small texts whole and shares the rest among the large ones', () => {
    const [small, large, larger] = cutToBudget(['short', 'x'.repeat(1000), 'y'.repeat(5000)], 605);
    expect(small).toBe('short');
    expect(large.length + larger.length).toBe(600);
    expect(large.length).toBe(300);
  });

  it('cuts near a line break when one is close, never inside a surrogate pair', () => {
    expect(cutToBudget([`${'a'.repeat(95)}\n${'b'.repeat(50)}`], 100)).toEqual([`${'a'.repeat(95)}\n`]);
    expect(cutToBudget([`${'a'.repeat(50)}\n${'b'.repeat(100)}`], 100)[0]).toHaveLength(100);
    expect(cutToBudget(['ab😀cd'], 3)[0]).toBe('ab');
  });

  it('sends nothing with no budget', () => {
    expect(cutToBudget(['text'], 0)).toEqual(['']);
  });
});

describe('looksBinary', () => {
  it('knows writing from bytes', () => {
    expect(looksBinary('# Notes\n\tIndented, ünïcode, 日本語.\r\n')).toBe(false);
    expect(looksBinary('PK\u0003\u0004\u0000rest')).toBe(true);
    expect(looksBinary('\ufffd\ufffd\u0001ab'.repeat(10))).toBe(true);
    expect(looksBinary('')).toBe(false);
  });
});
