import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConversationNote, serializeConversationNote } from '../../src/conversation';
import { DOCS_SAMPLE } from '../support/sample-conversations';

// Approval test: the example in docs/conversation-format.md is exactly what the serializer writes.
describe('docs/conversation-format.md example', () => {
  const doc = readFileSync(join(__dirname, '../../docs/conversation-format.md'), 'utf8');
  const block = doc.slice(doc.indexOf('<!-- example:start -->'), doc.indexOf('<!-- example:end -->'));
  const example = block.slice(block.indexOf('````markdown\n') + '````markdown\n'.length, block.lastIndexOf('````'));

  it('is the serializer output for the sample conversation', () => {
    expect(example).toBe(serializeConversationNote(DOCS_SAMPLE, { clock: 'utc' }));
  });

  it('parses back to the sample conversation', () => {
    const parsed = parseConversationNote(example);
    expect(parsed.ok && parsed.value).toEqual(DOCS_SAMPLE);
  });
});
