// The store is typed against the real `obsidian` types; the fake's classes are cast at the edge.
import { createFakeApp, type App } from '../../../tools/fake-obsidian';
import { parseConversationNote, serializeConversationNote, type Conversation } from '../../../src/conversation';
import { ConversationStore } from '../../../src/obsidian/notes/conversation-store';
import { ConversationBuilder } from '../../support/conversation-builder';

const ANSWER = '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":1,"elapsedMs":1200,"steps":[]}-->\n\nThirty days.';

function storeFor(app: App, folder = 'Glassbox/Conversations'): ConversationStore {
  return new ConversationStore({ vault: app.vault as never, metadataCache: app.metadataCache as never, folder: () => folder });
}

function read(app: App, path: string): Conversation {
  const parsed = parseConversationNote(app.vault.readNow(path) ?? '');
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

function notesIn(app: App, folder: string): string[] {
  return app.vault.getMarkdownFiles().map((file) => file.path).filter((path) => path.startsWith(`${folder}/`)).sort();
}

describe('ConversationStore on the fake Obsidian host', () => {
  const turn1 = new ConversationBuilder().user('What changed in the refund policy?').assistant(ANSWER).build();
  const turn2 = new ConversationBuilder().user('What changed in the refund policy?').assistant(ANSWER).user('Since when?').assistant('Since May.').build();

  it('creates the folder and one note on the first save, and updates that note afterwards', async () => {
    const app = createFakeApp();
    const store = storeFor(app);
    const first = await store.save(turn1);
    expect(first.created).toBe(true);
    expect(first.file.path).toBe('Glassbox/Conversations/What changed in the refund policy.md');
    const second = await store.save(turn2);
    expect(second).toMatchObject({ created: false });
    expect(second.file).toBe(first.file);
    expect(notesIn(app, 'Glassbox')).toEqual(['Glassbox/Conversations/What changed in the refund policy.md']);
    expect(read(app, first.file.path).messages).toHaveLength(4);
  });

  it('keeps an edit the user made to the note between two saves', async () => {
    const app = createFakeApp();
    const store = storeFor(app);
    const { file } = await store.save(turn1);
    await app.vault.process(file as never, (text: string) => text.replace('Thirty days.', 'Thirty days (I checked).').replace('  - glassbox', '  - glassbox\n  - finance'));
    await store.save(turn2);
    const text = app.vault.readNow(file.path) ?? '';
    expect(text).toContain('Thirty days (I checked).');
    expect(text).toContain('  - finance');
    expect(read(app, file.path).messages.map((message) => message.content)).toEqual([
      'What changed in the refund policy?',
      ANSWER.replace('Thirty days.', 'Thirty days (I checked).'),
      'Since when?',
      'Since May.',
    ]);
  });

  it('reopened after a restart, a conversation is saved to the same note, even after a rename', async () => {
    const app = createFakeApp();
    const { file } = await storeFor(app).save(turn1);
    await app.vault.createFolder('Archive');
    await app.vault.rename(file as never, 'Archive/Refunds.md');
    const restarted = storeFor(app);
    const opened = await restarted.open(app.vault.getFileByPath('Archive/Refunds.md') as never);
    expect(opened?.conversation.messages).toHaveLength(2);
    const continued = { ...opened!.conversation, messages: [...opened!.conversation.messages, { id: 'm3', role: 'user' as const, at: 5, content: 'Since when?' }] };
    const saved = await restarted.save(continued);
    expect(saved.file.path).toBe('Archive/Refunds.md');
    expect(app.vault.getMarkdownFiles()).toHaveLength(1);
    // A store that never opened the note still finds it by its frontmatter id, once Obsidian has indexed it.
    await app.metadataCache.settled();
    const another = await storeFor(app).save({ ...continued, messages: [...continued.messages, { id: 'm4', role: 'assistant' as const, at: 6, content: 'Since May.' }] });
    expect(another.file.path).toBe('Archive/Refunds.md');
    expect(read(app, 'Archive/Refunds.md').messages.map((message) => message.content)).toEqual(['What changed in the refund policy?', ANSWER, 'Since when?', 'Since May.']);
  });

  it('starts a new note when the old one was deleted, and never overwrites a namesake', async () => {
    const app = createFakeApp({ files: { 'Glassbox/Conversations/What changed in the refund policy.md': '# My own note' } });
    const store = storeFor(app);
    const { file } = await store.save(turn1);
    expect(file.path).toBe('Glassbox/Conversations/What changed in the refund policy 2.md');
    expect(app.vault.readNow('Glassbox/Conversations/What changed in the refund policy.md')).toBe('# My own note');
    // The user deletes the note (the store itself never deletes).
    await app.fileManager.trashFile(file as never);
    const again = await store.save(turn2);
    expect(again.created).toBe(true);
    expect(read(app, again.file.path).messages).toHaveLength(4);
  });

  it('continues an imported note in a new Glassbox note and leaves the original as it was', async () => {
    const original = '**user**: hi\n[Timestamp: 2025/12/30 03:49:46]\n\n**ai**: hello\n[Timestamp: 2025/12/30 03:49:47]\n';
    const app = createFakeApp({ files: { 'copilot-conversations/chat.md': original } });
    const store = storeFor(app);
    const opened = await store.open(app.vault.getFileByPath('copilot-conversations/chat.md') as never);
    expect(opened?.format).toBe('imported');
    expect(opened?.file).toBeNull();
    const saved = await store.save(opened!.conversation);
    expect(saved.file.path).toBe('Glassbox/Conversations/hi.md');
    expect(app.vault.readNow('copilot-conversations/chat.md')).toBe(original);
    expect(read(app, saved.file.path).messages.map((message) => message.content)).toEqual(['hi', 'hello']);
  });

  it('writes the id into a hand-made note when it is continued, instead of copying it', async () => {
    const app = createFakeApp({ files: { 'Glassbox/Conversations/Mine.md': '### 🧑 You\n\nHello\n\n### 🤖 Glassbox\n\nHi!\n' } });
    const store = storeFor(app);
    const opened = await store.open(app.vault.getFileByPath('Glassbox/Conversations/Mine.md') as never);
    const saved = await store.save({ ...opened!.conversation, messages: [...opened!.conversation.messages, { id: 'new', role: 'user' as const, at: 1, content: 'More' }] });
    expect(saved.file.path).toBe('Glassbox/Conversations/Mine.md');
    const back = read(app, 'Glassbox/Conversations/Mine.md');
    expect(back.id).toBe(opened!.conversation.id);
    expect(back.messages.map((message) => message.content)).toEqual(['Hello', 'Hi!', 'More']);
    expect(app.vault.getMarkdownFiles()).toHaveLength(1);
  });

  it('serialises concurrent saves of one conversation into one note', async () => {
    const app = createFakeApp();
    const store = storeFor(app);
    await Promise.all([store.save(turn1), store.save(turn2)]);
    expect(app.vault.getMarkdownFiles()).toHaveLength(1);
  });

  it('lists the saved conversations newest first', async () => {
    const app = createFakeApp({
      files: {
        'Glassbox/Conversations/Older.md': serializeConversationNote(new ConversationBuilder().user('Old question').with({ id: 'old', title: 'Older', updatedAt: 1000 }).build()),
        'Elsewhere/Newer.md': serializeConversationNote(new ConversationBuilder().user('Outside').with({ id: 'x' }).build()),
      },
    });
    const store = storeFor(app);
    await store.save(turn1);
    expect((await store.list()).map((summary) => summary.title)).toEqual(['What changed in the refund policy?', 'Older']);
    expect((await store.list('old')).map((summary) => summary.title)).toEqual(['Older']);
  });
});
