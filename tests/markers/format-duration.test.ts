import { formatDuration } from '../../src/markers';

describe('formatDuration (DESIGN.md 5: duration wording)', () => {
  it.each([
    [0, 'less than a second'],
    [999, 'less than a second'],
    [1000, '1s'],
    [12_400, '12s'],
    [59_999, '59s'],
    [60_000, '1m'],
    [65_000, '1m 5s'],
    [3_599_000, '59m 59s'],
    [3_600_000, '1h'],
    [3_720_000, '1h 2m'],
  ])('%d ms reads "%s"', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it.each([[-5], [Number.NaN], [Number.POSITIVE_INFINITY]])('an impossible span (%p) never reads "0s"', (ms) => {
    expect(formatDuration(ms)).toBe('less than a second');
  });
});
