import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

  it('lists in cited only the links that resolve to notes of the vault, never a Templater command (issue 36)', async () => {
    mkdirSync(join(vault, 'Policies'));
    writeFileSync(join(vault, 'Policies', 'Refunds.md'), '# Refunds\n');
    const store = new NodeConversationStore({ vaultDir: vault });
    const answer = "See [[<%* tp.system.prompt('x') %>]], [[Refunds]], [[Policies/Refunds#Limits]] and [[Missing note]].";
    const saved = await store.save(new ConversationBuilder().user('Sources?').assistant(answer).build());
    const note = readFileSync(join(vault, saved.path), 'utf8');
    expect(note.slice(0, note.indexOf('\n---\n'))).toContain('cited:\n  - "[[Refunds]]"\n  - "[[Policies/Refunds]]"\n');
    expect(note).not.toContain('Missing note]]"');
    expect(note).not.toMatch(/<%/);
  });

  it('gives a second conversation with the same title its own note', async () => {
    const store = new NodeConversationStore({ vaultDir: vault });
    await store.save(new ConversationBuilder().with({ id: 'a' }).user('Hi').build());
    const second = await store.save(new ConversationBuilder().with({ id: 'b', title: 'What changed in the refund policy?' }).user('Hi').build());
    expect(second).toEqual({ path: 'Glassbox/Conversations/What changed in the refund policy 2.md', created: true });
  });
});

describe('NodeConversationStore never saves through a symbolic link (issue 25)', () => {
  let vault: string;
  let outside: string;
  beforeEach(() => {
    vault = mkdtempSync(join(tmpdir(), 'glassbox-store-'));
    outside = mkdtempSync(join(tmpdir(), 'glassbox-outside-'));
  });
  afterEach(() => {
    rmSync(vault, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it.each([
    ['the Glassbox folder', 'Glassbox'],
    ['the conversations folder', 'Glassbox/Conversations'],
  ])('refuses when %s is a link out of the vault, and writes nothing there', async (_name, linked) => {
    mkdirSync(join(vault, linked, '..'), { recursive: true });
    symlinkSync(outside, join(vault, linked));
    const store = new NodeConversationStore({ vaultDir: vault });
    await expect(store.save(new ConversationBuilder().user('Hi').build())).rejects.toThrow(`"${linked}" is a symbolic link`);
    expect(readdirSync(outside, { recursive: true })).toEqual([]);
  });

  it('refuses to merge into a note that is a link, leaving its target alone', async () => {
    const store = new NodeConversationStore({ vaultDir: vault });
    const conversation = new ConversationBuilder().user('Hi').build();
    const { path } = await store.save(conversation);
    const target = join(outside, 'victim.md');
    writeFileSync(target, readFileSync(join(vault, path), 'utf8'));
    rmSync(join(vault, path));
    symlinkSync(target, join(vault, path));
    const before = readFileSync(target, 'utf8');
    await expect(store.save(conversation, { note: path })).rejects.toThrow('is a symbolic link');
    expect(readFileSync(target, 'utf8')).toBe(before);
  });

  it('removes temporary files left by a save that was killed, and leaves no temporary file of its own', async () => {
    const folder = join(vault, 'Glassbox', 'Conversations');
    mkdirSync(folder, { recursive: true });
    // 2^22 is above Linux's largest pid, so no live process has it.
    writeFileSync(join(folder, 'Hi.md.glassbox-4194305.tmp'), 'x'.repeat(1000));
    writeFileSync(join(folder, '.Hi.md.glassbox-4194305-0a1b2c.tmp'), 'x'.repeat(1000));
    await new NodeConversationStore({ vaultDir: vault }).save(new ConversationBuilder().with({ title: 'Hi' }).user('Hi').build());
    expect(readdirSync(folder)).toEqual(['Hi.md']);
  });
});
