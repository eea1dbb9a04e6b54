import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeConversationStore } from '../../src/cli/node-conversation-store';
import { parseConversationNote } from '../../src/conversation';
import { ConversationBuilder } from '../support/conversation-builder';

describe('NodeConversationStore', () => {
  let vault: string;
  beforeEach(() => {
    vault = mkdtempSync(join(tmpdir(), 'glassbox-store-'));
  });
  afterEach(() => rmSync(vault, { recursive: true, force: true }));

  it('creates the folder and a note named from the question, then merges later saves into the same note', async () => {
    const store = new NodeConversationStore({ vaultDir: vault, folder: 'Chats/2026' });
    const first = new ConversationBuilder().with({ title: 'What is CON: a/b?' }).user('What is CON: a/b?').assistant('An answer.').build();
    expect(await store.save(first)).toEqual({ path: 'Chats/2026/What is CON a b.md', created: true });
    const file = join(vault, 'Chats', '2026', 'What is CON a b.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('An answer.', 'An answer, edited by me.'));
    const second = new ConversationBuilder().with({ title: 'What is CON: a/b?' }).user('What is CON: a/b?').assistant('An answer.').user('More?').build();
    expect(await store.save(second)).toEqual({ path: 'Chats/2026/What is CON a b.md', created: false });
    expect(readdirSync(join(vault, 'Chats', '2026'))).toEqual(['What is CON a b.md']);
    const parsed = parseConversationNote(readFileSync(file, 'utf8'));
    if (!parsed.ok) throw parsed.error;
    expect(parsed.value.messages.map((message) => message.content)).toEqual(['What is CON: a/b?', 'An answer, edited by me.', 'More?']);
  });

  it('gives a second conversation with the same title its own note', async () => {
    const store = new NodeConversationStore({ vaultDir: vault });
    await store.save(new ConversationBuilder().with({ id: 'a' }).user('Hi').build());
    const second = await store.save(new ConversationBuilder().with({ id: 'b', title: 'What changed in the refund policy?' }).user('Hi').build());
    expect(second).toEqual({ path: 'Glassbox/Conversations/What changed in the refund policy 2.md', created: true });
  });
});
