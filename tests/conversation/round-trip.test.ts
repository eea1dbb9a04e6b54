// fast-check records have null prototypes; structuredClone makes the plain objects the parser returns.
import fc from 'fast-check';
import { parseConversationNote, serializeConversationNote, type Conversation } from '../../src/conversation';
import { conversation, HOSTILE_LINES } from '../support/conversation-arbitraries';
import { ConversationBuilder } from '../support/conversation-builder';

function roundTrip(value: Conversation, clock: 'local' | 'utc' = 'utc'): Conversation {
  const parsed = parseConversationNote(serializeConversationNote(value, { clock }));
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

describe('conversation note round trip (issue 7: save → load is lossless for any content)', () => {
  it('gives back an identical conversation for arbitrary content', () => {
    fc.assert(
      fc.property(conversation, (value) => {
        expect(roundTrip(value)).toStrictEqual(structuredClone(value));
      }),
      { numRuns: 400 },
    );
  });

  it('is lossless with local header times too', () => {
    fc.assert(
      fc.property(conversation, (value) => {
        expect(roundTrip(value, 'local')).toStrictEqual(structuredClone(value));
      }),
      { numRuns: 50 },
    );
  });

  it('keeps 100 KB messages made of hostile lines intact', () => {
    const hostile = HOSTILE_LINES.join('\n');
    let big = '';
    while (big.length < 100_000) big += `${hostile}\r\n`;
    const value = new ConversationBuilder().user(big).assistant(`${big}\n\`\`\`python`).build();
    const back = roundTrip(value);
    expect(back.messages[0].content).toBe(big);
    expect(back.messages[1].content).toBe(`${big}\n\`\`\`python`);
    expect(back).toStrictEqual(value);
  });

  it('keeps empty messages and messages that are only blank lines', () => {
    const value = new ConversationBuilder().user('').assistant('').user('\n\n').assistant('\r\n').build();
    expect(roundTrip(value)).toStrictEqual(structuredClone(value));
  });
});
