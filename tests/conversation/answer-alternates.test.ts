import {
  answerAlternates,
  baselineOf,
  exportPlainMarkdown,
  historyOfConversation,
  mergeConversationIntoNote,
  parseConversationNote,
  serializeConversationNote,
  shownAtFor,
  shownMessages,
  type Conversation,
} from '../../src/conversation';
import { BUILDER_START, ConversationBuilder } from '../support/conversation-builder';

function parse(text: string): Conversation {
  const result = parseConversationNote(text);
  if (!result.ok) throw result.error;
  return result.value;
}

const FIRST = 'Refunds take 14 days.';
const SECOND = 'Refunds are paid within two weeks.';

/** A question answered, then regenerated (m3 is the alternate of m2), then a next question. */
function regenerated(extra: { shownAt?: number } = {}) {
  return new ConversationBuilder()
    .user('How long do refunds take?')
    .assistant(FIRST, extra.shownAt !== undefined ? { shownAt: extra.shownAt } : {})
    .assistant(SECOND, { alternateOf: 'm2' })
    .user('And gift cards?')
    .assistant('Not refunded.')
    .build();
}

// Regenerate (DESIGN.md 12.3): a regenerated answer is the next section under the same question,
// naming the first answer in `alternateOf`; the chat shows the one chosen last.
describe('answer alternates in the note', () => {
  it('shows the newer answer until the user chooses another, and the one chosen last after that', () => {
    const messages = regenerated().messages;
    expect(shownMessages(messages).map((message) => message.id)).toEqual(['m1', 'm3', 'm4', 'm5']);
    const set = answerAlternates(messages).get('m2')!;
    expect(set.answers.map((message) => message.id)).toEqual(['m2', 'm3']);
    // Choosing the first answer: its shownAt is later than any time in the set.
    const chosen = shownAtFor(set.answers, BUILDER_START);
    expect(chosen).toBeGreaterThan(messages[2].at!);
    expect(shownMessages(regenerated({ shownAt: chosen }).messages).map((message) => message.id)).toEqual(['m1', 'm2', 'm4', 'm5']);
  });

  it('sends the model only the shown answer of a regenerated turn', () => {
    const history = historyOfConversation(regenerated().messages);
    expect(history).toEqual([
      { role: 'user', content: 'How long do refunds take?' },
      { role: 'assistant', content: SECOND },
      { role: 'user', content: 'And gift cards?' },
      { role: 'assistant', content: 'Not refunded.' },
    ]);
    const backToFirst = historyOfConversation(regenerated({ shownAt: BUILDER_START + 3_600_000 }).messages);
    expect(backToFirst[1]).toEqual({ role: 'assistant', content: FIRST });
    expect(backToFirst.some((message) => message.content === SECOND)).toBe(false);
  });

  it('round-trips, and reads as plain Markdown: the question once, then each answer under its own header', () => {
    const conversation = regenerated({ shownAt: BUILDER_START + 3_600_000 });
    const text = serializeConversationNote(conversation, { clock: 'utc' });
    expect(parse(text)).toEqual(conversation);
    expect(text).toContain(`### 🤖 Glassbox · 2026-11-22 10:16\n\n${FIRST}\n`);
    expect(text).toContain(`### 🤖 Glassbox (regenerated) · 2026-11-22 10:17\n\n${SECOND}\n`);
    expect(text.match(/^### 🧑 You · 2026-11-22 10:15$/gm)).toHaveLength(1);
    expect(text).toContain('"alternateOf":"m2"');
  });

  it('rewrites only the chosen answer\'s section when the user switches, wherever it is in the note', () => {
    const before = regenerated();
    const saved = serializeConversationNote(before, { clock: 'utc' });
    const set = answerAlternates(before.messages).get('m2')!;
    const switched: Conversation = { ...before, messages: before.messages.map((message) => (message.id === 'm2' ? { ...message, shownAt: shownAtFor(set.answers, BUILDER_START) } : message)) };
    const result = mergeConversationIntoNote({ currentText: saved, conversation: switched, baseline: baselineOf(before), clock: 'utc' });
    if (!result.ok) throw new Error(result.reason);
    expect(result.rewritten).toBe(1);
    expect(result.appended).toBe(0);
    expect(shownMessages(parse(result.text).messages).map((message) => message.id)).toEqual(['m1', 'm2', 'm4', 'm5']);
  });

  it('keeps an answer whose alternate field was damaged by hand, with a warning', () => {
    const text = serializeConversationNote(regenerated(), { clock: 'utc' }).replace('"alternateOf":"m2"', '"alternateOf":2');
    const result = parseConversationNote(text);
    if (!result.ok) throw result.error;
    expect(result.value.messages[2].content).toBe(SECOND);
    expect(result.value.messages[2].alternateOf).toBeUndefined();
    expect(result.warnings.map((warning) => warning.message).join(' ')).toContain('alternate');
  });

  it('exports both answers, the second headed as regenerated', () => {
    const markdown = exportPlainMarkdown(regenerated(), { sourcePath: 'Refunds.md', clock: 'utc' });
    expect(markdown).toContain(`### Glassbox · 2026-11-22 10:16\n\n${FIRST}`);
    expect(markdown).toContain(`### Glassbox (regenerated) · 2026-11-22 10:17\n\n${SECOND}`);
  });
});
