import { listConversations, serializeConversationNote } from '../../src/conversation';
import type { VaultSource } from '../../src/search/vault-source';
import { ConversationBuilder } from '../support/conversation-builder';

function memorySource(notes: Record<string, string>): VaultSource {
  return {
    listNotes: () => Promise.resolve(Object.keys(notes).map((path) => ({ path, mtime: 5, size: notes[path].length }))),
    read: (path) => (path in notes ? Promise.resolve(notes[path]) : Promise.reject(new Error('gone'))),
  };
}

const day = 86_400_000;

describe('listConversations (the history list)', () => {
  const source = memorySource({
    'Glassbox/Refunds.md': serializeConversationNote(new ConversationBuilder().user('What changed in refunds?').with({ id: 'a', title: 'Refund policy', updatedAt: 3 * day }).build()),
    'Glassbox/Travel.md': serializeConversationNote(new ConversationBuilder().user('How much for Berlin?').with({ id: 'b', title: 'Travel budget', updatedAt: 9 * day }).build()),
    'Glassbox/Old chat.md': '---\nepoch: 86400000\n---\n\n**user**: Summarise my week\n[Timestamp: 1970/01/02 00:00:00]\n',
    'Glassbox/Shopping.md': '# Shopping\n- milk\n',
    'Elsewhere/Other.md': serializeConversationNote(new ConversationBuilder().user('Outside').with({ id: 'c', updatedAt: 20 * day }).build()),
  });

  it('lists the conversations of the folder, newest first, with title and date', async () => {
    const list = await listConversations(source, { folder: 'Glassbox' });
    expect(list.map((summary) => [summary.title, summary.updatedAt, summary.format])).toEqual([
      ['Travel budget', 9 * day, 'glassbox'],
      ['Refund policy', 3 * day, 'glassbox'],
      ['Summarise my week', Math.max(day, new Date(1970, 0, 2).getTime()), 'imported'],
    ]);
  });

  it('filters by words of the title or the first question, ignoring case', async () => {
    expect((await listConversations(source, { folder: 'Glassbox', filter: 'BERLIN' })).map((summary) => summary.id)).toEqual(['b']);
    expect((await listConversations(source, { folder: 'Glassbox', filter: 'refund policy' })).map((summary) => summary.id)).toEqual(['a']);
    expect(await listConversations(source, { folder: 'Glassbox', filter: 'nothing like this' })).toEqual([]);
  });

  it('looks at the whole vault when no folder is given', async () => {
    expect((await listConversations(source)).map((summary) => summary.title)[0]).toBe('What changed in the refund policy?');
  });

  // Issue 38 item 13: a regenerated answer was counted as one more message.
  it("counts a regenerated answer's alternates once, as the chat shows them", async () => {
    const regenerated = new ConversationBuilder().user('Q?').assistant('First.').assistant('Second.', { alternateOf: 'm2', shownAt: 10 }).with({ id: 'r', title: 'Regenerated' }).build();
    const [summary] = await listConversations(memorySource({ 'Glassbox/Regenerated.md': serializeConversationNote(regenerated) }), { folder: 'Glassbox' });
    expect(summary.messageCount).toBe(2);
  });
});
