// fast-check records have null prototypes; structuredClone makes the plain objects the parser returns.
import fc from 'fast-check';
import { baselineOf, mergeConversationIntoNote, parseConversationNote, serializeConversationNote, withMessageIds, type Conversation } from '../../src/conversation';
import { conversation, conversationMessage, messageText } from '../support/conversation-arbitraries';

/** Distinct, non-empty message ids, as a chat gives them. */
function withUniqueIds(value: Conversation, prefix: string): Conversation {
  return { ...value, messages: value.messages.map((message, index) => ({ ...message, id: `${prefix}${index}` })) };
}

describe('merge rule properties (issue 7: a user edit between two saves is kept)', () => {
  it('keeps any edit to an earlier message and appends the new turns, for any content', () => {
    fc.assert(
      fc.property(conversation, fc.array(conversationMessage, { minLength: 1, maxLength: 3 }), fc.nat(), messageText, (raw, extra, pick, edit) => {
        const first = withUniqueIds(structuredClone(raw), 'a');
        const next = { ...first, messages: [...first.messages, ...withUniqueIds({ ...first, messages: structuredClone(extra) }, 'b').messages] };
        // The user edits one message in the note (or, with no message yet, nothing).
        const editedIndex = first.messages.length === 0 ? -1 : pick % first.messages.length;
        const edited = { ...first, messages: first.messages.map((message, index) => (index === editedIndex ? { ...message, content: edit } : message)) };
        const result = mergeConversationIntoNote({ currentText: serializeConversationNote(edited), conversation: next, baseline: baselineOf(first) });
        if (!result.ok) throw new Error(result.reason);
        const parsed = parseConversationNote(result.text);
        if (!parsed.ok) throw parsed.error;
        expect(parsed.value.messages).toEqual(withMessageIds({ ...next, messages: [...edited.messages, ...next.messages.slice(first.messages.length)] }).messages);
        expect(parsed.value.updatedAt).toBe(next.updatedAt);
      }),
      { numRuns: 200 },
    );
  });
});
