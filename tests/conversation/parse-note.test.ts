import fc from 'fast-check';
import { parseConversationNote, serializeConversationNote } from '../../src/conversation';
import { conversation } from '../support/conversation-arbitraries';
import { ConversationBuilder } from '../support/conversation-builder';

const GOOD_MARKER = '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":1,"elapsedMs":1200,"steps":[]}-->';

describe('parseConversationNote on damaged and hand-edited notes', () => {
  const note = serializeConversationNote(new ConversationBuilder().user('Question one').assistant(`${GOOD_MARKER}\n\nAnswer one.`).user('Question two').build(), { clock: 'utc' });

  it('opens a note whose frontmatter lost its closing line, with every message and a notice', () => {
    const broken = note.replace('  - glassbox\n---\n', '  - glassbox\n');
    const result = parseConversationNote(broken);
    if (!result.ok) throw result.error;
    expect(result.value.id).toBe('gb-test-1');
    expect(result.value.messages.map((message) => message.content)).toEqual(['Question one', `${GOOD_MARKER}\n\nAnswer one.`, 'Question two']);
    expect(result.warnings.map((warning) => warning.code)).toContain('frontmatter_unclosed');
    expect(result.warnings[0].message).toMatch(/no closing "---"/);
  });

  it('opens a note with an unreadable property value and says which one', () => {
    const result = parseConversationNote(note.replace(/created: .*/, 'created: next tuesday-ish'));
    if (!result.ok) throw result.error;
    expect(result.value.messages).toHaveLength(3);
    expect(result.warnings.find((warning) => warning.code === 'frontmatter_value')?.message).toContain('"created"');
  });

  it('keeps the answer of a message whose reasoning marker is broken, with a notice', () => {
    const broken = note.replace(GOOD_MARKER, '<!--REASONING_BLOCK:{"v":1,"status":');
    const result = parseConversationNote(broken);
    if (!result.ok) throw result.error;
    expect(result.value.messages[1].content).toBe('<!--REASONING_BLOCK:{"v":1,"status":\n\nAnswer one.');
    expect(result.warnings.map((warning) => warning.code)).toEqual(['reasoning_unreadable']);
    expect(result.value.messages[2].content).toBe('Question two');
  });

  it('keeps a message whose metadata comment is damaged, with the time from its header', () => {
    const damaged = note.replace(/<!--GLASSBOX_MESSAGE:\{"id":"m1".*-->/, '<!--GLASSBOX_MESSAGE:{"id":"m1","at":-->');
    const result = parseConversationNote(damaged);
    if (!result.ok) throw result.error;
    expect(result.value.messages[0].content).toBe('Question one');
    expect(result.value.messages[0].id).toBeUndefined();
    expect(new Date(result.value.messages[0].at ?? 0).getMinutes()).toBe(new Date(Date.UTC(2026, 10, 22, 10, 15)).getMinutes());
    expect(result.warnings.map((warning) => warning.code)).toEqual(['message_metadata']);
  });

  it('keeps a question whose list of attached notes is damaged, its text whole, with a notice', () => {
    const damaged = note.replace(/(<!--GLASSBOX_MESSAGE:\{"id":"m1","at":\d+)/, '$1,"attachments":{"notes":[{"kind":"note","path":"A.md","chars":3}],"missingLinks":7}');
    expect(damaged).toContain('"missingLinks":7');
    const result = parseConversationNote(damaged);
    if (!result.ok) throw result.error;
    expect(result.value.messages[0]).toMatchObject({ content: 'Question one', id: 'm1' });
    expect(result.value.messages[0].attachments).toBeUndefined();
    expect(result.warnings.map((warning) => warning.message)).toEqual([expect.stringContaining('list of attached notes is unreadable')]);
  });

  it('reads a message a person typed by hand under a role header', () => {
    const typed = `${note}\n### 🧑 You · 2026-11-23 09:00\n\nA question I typed myself.\n\n\n`;
    const result = parseConversationNote(typed);
    if (!result.ok) throw result.error;
    const last = result.value.messages[3];
    expect(last).toEqual({ role: 'user', at: new Date(2026, 10, 23, 9, 0).getTime(), content: 'A question I typed myself.' });
  });

  it('reads a note written without any frontmatter, and says it has no id', () => {
    const result = parseConversationNote('### 🧑 You\n\nHello\n\n### 🤖 Glassbox\n\nHi!\n');
    if (!result.ok) throw result.error;
    expect(result.value.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Hello'],
      ['assistant', 'Hi!'],
    ]);
    expect(result.value.title).toBe('Hello');
    expect(result.warnings.map((warning) => warning.code)).toEqual(['missing_id']);
  });

  it('returns an error value, not an exception, for a note that is no conversation', () => {
    const result = parseConversationNote('# Groceries\n\n- milk\n- ### 🧑 not a header\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.reason).toBe('not_a_conversation');
  });

  it.each([
    ['an empty note', ''],
    ['only a frontmatter opener', '---'],
    ['a lone header', '### 🤖'],
    ['a trailer with no header', '<!--GLASSBOX_MESSAGE:{}-->'],
    ['binary noise', '\u0000\uffff\ud800---\n---\n\r\r'],
  ])('never throws on %s', (_name, text) => {
    expect(() => parseConversationNote(text)).not.toThrow();
  });
});

describe('parseConversationNote never throws', () => {
  it('on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        expect(() => parseConversationNote(text)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('on a saved note with any slice cut out or pasted twice, and still reads a conversation from it', () => {
    fc.assert(
      fc.property(conversation, fc.nat(), fc.nat(), fc.boolean(), (value, from, length, duplicate) => {
        const note = serializeConversationNote(value);
        const start = from % (note.length + 1);
        const end = Math.min(note.length, start + (length % 200));
        const damaged = duplicate ? note.slice(0, end) + note.slice(start) : note.slice(0, start) + note.slice(end);
        const result = parseConversationNote(damaged);
        if (value.messages.length === 0 || end > note.indexOf('\n### ')) return;
        // The cut was inside the frontmatter: every message is still there.
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.value.messages).toHaveLength(value.messages.length);
      }),
      { numRuns: 300 },
    );
  });
});
