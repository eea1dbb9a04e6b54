import { closesFence, FenceTracker, openingFence, unclosedFence } from '../../src/markers/code-fence';

const open = (line: string) => openingFence(line, 0, line.length);

describe('openingFence', () => {
  it.each([
    ['```', { char: '`', length: 3 }],
    ['~~~~ js', { char: '~', length: 4 }],
    ['   ```ts', { char: '`', length: 3 }],
    ['~~~ a`b', { char: '~', length: 3 }],
  ])('%j opens a fence', (line, fence) => {
    expect(open(line)).toEqual(fence);
  });

  it.each(['``', '    ```', '``` a`b', 'text ```', '> ```'])('%j does not open a fence', (line) => {
    expect(open(line)).toBeNull();
  });
});

describe('closesFence', () => {
  const close = (line: string, char: '`' | '~', length: number) => closesFence(line, { lineStart: 0, lineEnd: line.length, fence: { char, length } });

  it.each([
    ['```', '`', 3, true],
    ['`````  \r', '`', 4, true],
    ['```', '`', 4, false],
    ['~~~', '`', 3, false],
    ['``` js', '`', 3, false],
    ['    ```', '`', 3, false],
  ] as const)('%j closes a %s×%d fence: %s', (line, char, length, expected) => {
    expect(close(line, char, length)).toBe(expected);
  });
});

describe('FenceTracker (the one fence reader)', () => {
  it('a four-backtick fence is not closed by a three-backtick line, only by four or more', () => {
    const tracker = new FenceTracker();
    expect(['````md', 'text', '```'].map((line) => (tracker.feed(line), tracker.inside))).toEqual([true, true, true]);
    expect(tracker.closingLine).toBe('````');
    tracker.feed('`````');
    expect(tracker.inside).toBe(false);
  });

  it('a line with an info string does not close a fence', () => {
    expect(unclosedFence(['~~~', '~~~ js'])).toBe('~~~');
    expect(unclosedFence(['~~~', '~~~  \r'])).toBeNull();
  });
});
