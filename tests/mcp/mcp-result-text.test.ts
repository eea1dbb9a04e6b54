import { mcpResultText } from '../../src/mcp/mcp-result-text';

describe('mcpResultText', () => {
  it('keeps text, turns links to notes into wikilinks and other links into addresses, and names media without sending it', () => {
    expect(
      mcpResultText({
        content: [
          { type: 'text', text: 'Two notes match.' },
          { type: 'resource_link', uri: 'file:///home/me/vault/Trips/Oslo%20trip.md', name: 'Oslo trip.md' },
          { type: 'resource_link', uri: 'obsidian://open?vault=Main&file=Projects%2FAtlas', name: 'Atlas' },
          { type: 'resource_link', uri: 'https://example.com/a', name: 'Example' },
          { type: 'resource_link', uri: 'file:///tmp/data.csv', name: 'data.csv' },
          { type: 'image', mimeType: 'image/png' },
          { type: 'audio', mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'mem://a', text: 'embedded text' } },
          { type: 'resource', resource: { uri: 'mem://b', blob: 'AAAA', mimeType: 'application/pdf' } },
        ],
      }),
    ).toBe(
      [
        'Two notes match.',
        '[[Oslo trip]]',
        '[[Atlas]]',
        'Example: https://example.com/a',
        'data.csv: file:///tmp/data.csv',
        '[image (image/png): not sent to the model]',
        '[audio (audio/wav): not sent to the model]',
        'embedded text',
        '[binary resource mem://b (application/pdf): not sent to the model]',
      ].join('\n'),
    );
  });

  it('names a note whose title would break a wikilink by its address', () => {
    expect(mcpResultText({ content: [{ type: 'resource_link', uri: 'file:///v/a%5Db.md', name: 'a]b.md' }] })).toBe('a]b.md: file:///v/a%5Db.md');
  });

  it('falls back to the structured content when there is no content', () => {
    expect(mcpResultText({ content: [], structuredContent: { temperature: 21 } })).toBe('{"temperature":21}');
  });
});
