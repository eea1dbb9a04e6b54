import { ForwardFinder } from '../../src/markers/forward-finder';

describe('ForwardFinder', () => {
  it('finds each occurrence as the position moves forward', () => {
    const finder = new ForwardFinder('a-->b-->c', '-->');
    expect([finder.next(0), finder.next(1), finder.next(2), finder.next(5), finder.next(6)]).toEqual([1, 1, 5, 5, -1]);
  });

  it('keeps answering -1 past the last occurrence', () => {
    const finder = new ForwardFinder('abc', 'x');
    expect([finder.next(0), finder.next(1), finder.next(3)]).toEqual([-1, -1, -1]);
  });

  it('still answers correctly if asked about an earlier position', () => {
    const finder = new ForwardFinder('x..x', 'x');
    expect([finder.next(1), finder.next(0)]).toEqual([3, 0]);
  });
});
