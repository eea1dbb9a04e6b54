// Issue 25 item 4: two chat tabs on one conversation share the plugin's store. Each save merges
// against the note as it is then (Vault.process), and a tab holding an older version of a
// message the other tab changed does not write that older version back.
import { createFakeApp } from '../../../tools/fake-obsidian';
import { parseConversationNote, type Conversation } from '../../../src/conversation';
import { ConversationStore } from '../../../src/obsidian/notes/conversation-store';
import { ConversationBuilder } from '../../support/conversation-builder';

const WAITING = 'Which policy do you mean?';

it('one tab answers the open question, the other appends a turn: the note keeps both', async () => {
  const app = createFakeApp();
  const store = new ConversationStore({ vault: app.vault as never, metadataCache: app.metadataCache as never, folder: () => 'Glassbox/Conversations' });
  const first = new ConversationBuilder().user('What changed?').assistant(WAITING, { pendingInput: { question: WAITING } }).build();
  const { file } = await store.save(first);
  // Both tabs open the note.
  const tabA = (await store.open(file))?.conversation as Conversation;
  const tabB = (await store.open(file))?.conversation as Conversation;
  // Tab A: the question is answered, so its message is rewritten without the open question.
  const answered: Conversation = { ...tabA, messages: tabA.messages.map((message, index) => (index === 1 ? { ...message, content: `${WAITING}\n\nThe refund policy: thirty days.`, pendingInput: undefined } : message)) };
  // Tab B, which never saw that, asks something else.
  const withTurn: Conversation = { ...tabB, messages: [...tabB.messages, { id: 'msg-b1', role: 'user', at: 3, content: 'And shipping?' }, { id: 'msg-b2', role: 'assistant', at: 4, content: 'Free over 50.' }] };
  await Promise.all([store.save(answered), store.save(withTurn)]);
  const parsed = parseConversationNote(app.vault.readNow(file.path) ?? '');
  if (!parsed.ok) throw parsed.error;
  expect(parsed.value.messages.map((message) => message.content)).toEqual(['What changed?', `${WAITING}\n\nThe refund policy: thirty days.`, 'And shipping?', 'Free over 50.']);
  expect(parsed.value.messages[1]?.pendingInput).toBeUndefined();
});
