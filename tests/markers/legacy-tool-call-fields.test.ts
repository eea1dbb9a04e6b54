import { decodeToolResult, parseToolCallHeader } from '../../src/markers/legacy-tool-call-fields';

describe('parseToolCallHeader', () => {
  it('reads all six fields', () => {
    expect(parseToolCallHeader('id1:localSearch:Search:🔍:Search now?:false')).toEqual({
      id: 'id1',
      toolName: 'localSearch',
      displayName: 'Search',
      emoji: '🔍',
      confirmationMessage: 'Search now?',
      executingFlag: false,
    });
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['false', false],
    ['maybe', false],
  ])('reads the executing flag %s as %s', (flag, expected) => {
    expect(parseToolCallHeader(`a:b:c:d:e:${flag}`)?.executingFlag).toBe(expected);
  });

  it.each(['', 'only-id', ':tool', 'id:', '  :  '])('rejects %j', (header) => {
    expect(parseToolCallHeader(header)).toBeNull();
  });
});

describe('decodeToolResult', () => {
  it.each([
    ['ENC:hello%20%E2%9C%93%3A%2D%2D%3E', 'hello ✓:-->'],
    ['raw text: with colons', 'raw text: with colons'],
    ['ENC:', ''],
    ['ENC:%ZZ', '%ZZ'],
    ['enc:lowercase%20', 'enc:lowercase%20'],
  ])('%j → %j', (raw, decoded) => {
    expect(decodeToolResult(raw)).toBe(decoded);
  });
});
