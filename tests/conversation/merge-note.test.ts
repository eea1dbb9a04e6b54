import { baselineOf, mergeConversationIntoNote, parseConversationNote, serializeConversationNote, type Conversation } from '../../src/conversation';
import { ConversationBuilder } from '../support/conversation-builder';

function parse(text: string): Conversation {
  const result = parseConversationNote(text);
  if (!result.ok) throw result.error;
  return result.value;
}

const ANSWER = '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":1,"elapsedMs":1200,"steps":[]}-->\n\nThirty days.';

describe('mergeConversationIntoNote (the save merge rule)', () => {
  const first = new ConversationBuilder().user('What changed in the refund policy?').assistant(ANSWER).build();
  const saved = serializeConversationNote(first, { clock: 'utc' });

  it('keeps a user edit made between two saves and appends the new turn after it', () => {
    const edited = saved
      .replace('Thirty days.', 'Thirty days (checked with finance).')
      .replace('tags:\n  - glassbox', 'tags:\n  - glassbox\n  - finance\nstatus: reviewed')
      .concat('\nMy own note at the end.\n');
    const next = new ConversationBuilder().user('What changed in the refund policy?').assistant(ANSWER).user('Since when?').assistant('Since May.').build();
    const result = mergeConversationIntoNote({ currentText: edited, conversation: next, baseline: baselineOf(first), clock: 'utc' });
    if (!result.ok) throw new Error(result.reason);
    expect(result.appended).toBe(2);
    expect(result.rewritten).toBe(0);
    expect(result.text).toContain('Thirty days (checked with finance).');
    expect(result.text).toContain('  - finance\nstatus: reviewed');
    expect(result.text.indexOf('My own note at the end.')).toBeLessThan(result.text.indexOf('Since when?'));
    const back = parse(result.text);
    expect(back.messages.map((message) => message.content)).toEqual([
      'What changed in the refund policy?',
      `${ANSWER.replace('Thirty days.', 'Thirty days (checked with finance).')}\n\nMy own note at the end.`,
      'Since when?',
      'Since May.',
    ]);
    expect(back.updatedAt).toBe(next.updatedAt);
  });

  it('rewrites in place a turn that changed since the last save (a question answered after reopening)', () => {
    const waiting = new ConversationBuilder()
      .user('Book the room?')
      .assistant('<!--REASONING_BLOCK:{"v":1,"status":"awaiting_input","startedAt":1,"elapsedMs":10,"steps":[]}-->\n\n', { pendingInput: { question: 'Which day?', options: ['Monday', 'Tuesday'] } })
      .build();
    const text = serializeConversationNote(waiting).replace('Book the room?', 'Book the big room?');
    const baseline = baselineOf(parse(serializeConversationNote(waiting)));
    const done = { ...waiting, messages: [waiting.messages[0], { ...waiting.messages[1], pendingInput: undefined, content: ANSWER }] };
    delete (done.messages[1] as { pendingInput?: unknown }).pendingInput;
    const result = mergeConversationIntoNote({ currentText: text, conversation: done, baseline });
    if (!result.ok) throw new Error(result.reason);
    expect(result.rewritten).toBe(1);
    expect(result.appended).toBe(0);
    const back = parse(result.text);
    expect(back.messages[0].content).toBe('Book the big room?');
    expect(back.messages[1].content).toBe(ANSWER);
    expect(back.messages[1].pendingInput).toBeUndefined();
  });

  it('does not bring back a message the user deleted from the note', () => {
    const start = saved.indexOf('### 🤖');
    const withoutAnswer = saved.slice(0, start);
    const result = mergeConversationIntoNote({ currentText: withoutAnswer, conversation: first, baseline: baselineOf(first) });
    if (!result.ok) throw new Error(result.reason);
    expect(parse(result.text).messages).toHaveLength(1);
  });

  it('refuses a note that now holds another conversation', () => {
    const other = saved.replace('id: gb-test-1', 'id: gb-other');
    expect(mergeConversationIntoNote({ currentText: other, conversation: first, baseline: new Map() })).toEqual({ ok: false, reason: 'different_conversation' });
    expect(mergeConversationIntoNote({ currentText: 'just text', conversation: first, baseline: new Map() }).ok).toBe(false);
  });

  it('keeps Windows line endings in a note that uses them', () => {
    const crlf = saved.replace(/\n/g, '\r\n');
    const next = new ConversationBuilder().user('What changed in the refund policy?').assistant(ANSWER).user('And returns?').build();
    const result = mergeConversationIntoNote({ currentText: crlf, conversation: next, baseline: baselineOf(first) });
    if (!result.ok) throw new Error(result.reason);
    expect(result.text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(parse(result.text).messages.map((message) => message.content)).toEqual(next.messages.map((message) => message.content));
  });

  it('saving an unchanged conversation leaves the note byte for byte as it was', () => {
    const result = mergeConversationIntoNote({ currentText: saved, conversation: first, baseline: baselineOf(first), clock: 'utc' });
    if (!result.ok) throw new Error(result.reason);
    expect(result.text).toBe(saved);
  });
});
