import { serializeConversationNote, type Conversation } from '../../../src/conversation';
import { ConversationStore } from '../../../src/obsidian/notes/conversation-store';
import { openConversationNote } from '../../../src/obsidian/notes/open-conversation-note';
import { clearNotices, createFakeApp, noticeLog } from '../../../tools/fake-obsidian';
import { ConversationBuilder } from '../../support/conversation-builder';

describe('openConversationNote', () => {
  afterEach(() => clearNotices());

  function setUp(files: Record<string, string>) {
    const app = createFakeApp({ files });
    const store = new ConversationStore({ vault: app.vault as never, metadataCache: app.metadataCache as never, folder: () => 'Glassbox/Conversations' });
    const shown: { conversation: Conversation; path: string }[] = [];
    const target = { openConversation: (conversation: Conversation, path: string) => shown.push({ conversation, path }) };
    const open = (path: string) => openConversationNote({ store, target, file: app.vault.getFileByPath(path) as never });
    return { shown, open };
  }

  it('shows a saved conversation in the chat', async () => {
    const { shown, open } = setUp({ 'Glassbox/Conversations/a.md': serializeConversationNote(new ConversationBuilder().user('Hi').assistant('Hello').build()) });
    await expect(open('Glassbox/Conversations/a.md')).resolves.toBe(true);
    expect(shown[0].path).toBe('Glassbox/Conversations/a.md');
    expect(shown[0].conversation.messages.map((message) => message.content)).toEqual(['Hi', 'Hello']);
    expect(noticeLog).toEqual([]);
  });

  it('opens a damaged note and names the problem in a notice', async () => {
    const broken = serializeConversationNote(new ConversationBuilder().user('Hi').build()).replace('  - glassbox\n---\n', '  - glassbox\n');
    const { shown, open } = setUp({ 'b.md': broken });
    await expect(open('b.md')).resolves.toBe(true);
    expect(shown).toHaveLength(1);
    expect([...noticeLog].join(' ')).toContain('no closing "---"');
  });

  it('refuses a note that is not a conversation, with a notice', async () => {
    const { shown, open } = setUp({ 'Groceries.md': '- milk' });
    await expect(open('Groceries.md')).resolves.toBe(false);
    expect(shown).toEqual([]);
    expect([...noticeLog]).toEqual(['"Groceries" is not a conversation note.']);
  });
});
