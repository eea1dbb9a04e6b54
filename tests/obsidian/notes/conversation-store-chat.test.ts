import { act } from '@testing-library/react/pure';
import { parseConversationNote } from '../../../src/conversation';
import { ConversationStore } from '../../../src/obsidian/notes/conversation-store';
import { openConversationNote } from '../../../src/obsidian/notes/open-conversation-note';
import type { TFile } from '../../../tools/fake-obsidian';
import { scenario } from '../../../tools/model-server';
import { chatViewPerTest, sendMessage, until } from '../../support/chat-view-harness';

const views = chatViewPerTest();

const FOLDER = 'Glassbox/Conversations';

// The store behind the real chat view (issue 7): one write per turn whatever the number of
// streamed chunks, the user's edit between turns kept, and the note reopened with folded blocks.
describe('ConversationStore behind the chat view (fake host, scripted model over HTTP)', () => {
  it('writes the note once per turn, keeps an edit made between turns, and reopens it folded', async () => {
    const answer = 'Refunds take 14 days, see [[Refund policy]]. '.repeat(12);
    const refunds = scenario()
      .turn((t) => t.toolCall('localSearch', { query: 'refunds' }))
      .turn((t) => t.text(answer, { chunkChars: 4 }));
    let store: ConversationStore | null = null;
    const opened = await views.open({ scenarios: { refunds }, model: 'refunds', extra: { saver: { save: (conversation) => store!.save(conversation) } } });
    const { app } = opened;
    store = new ConversationStore({ vault: app.vault as never, metadataCache: app.metadataCache as never, folder: () => FOLDER });
    const writes: string[] = [];
    // Note writes only (creating the folder fires `create` for folders too).
    app.vault.on('create', (file: TFile) => file.path.endsWith('.md') && writes.push(`create ${file.path}`));
    app.vault.on('modify', (file: TFile) => file.path.endsWith('.md') && writes.push(`modify ${file.path}`));
    const root = opened.view.contentEl;
    const idle = () => root.querySelector('[data-testid="stop-button"]') === null;

    await sendMessage(root, 'How long do refunds take?');
    await until(() => writes.length === 1 && idle());
    const path = `${FOLDER}/How long do refunds take.md`;
    expect(writes).toEqual([`create ${path}`]);

    // The user edits the saved answer in the editor while the chat is open.
    await app.vault.process(app.vault.getFileByPath(path)!, (text: string) => text.replace('Refunds take 14 days', 'Refunds take 14 days (checked)'));
    writes.length = 0;
    await sendMessage(root, 'And for gift cards?');
    await until(() => writes.length === 1 && idle());
    expect(writes).toEqual([`modify ${path}`]);

    const parsed = parseConversationNote(app.vault.readNow(path) ?? '');
    if (!parsed.ok) throw parsed.error;
    expect(parsed.value.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(parsed.value.messages[1].content).toContain('Refunds take 14 days (checked)');
    expect(parsed.value.messages[2].content).toBe('And for gift cards?');
    expect(parsed.value.messages[3].transcript?.some((message) => message.role === 'tool')).toBe(true);

    // Reopened by a store that has never seen it (a restart): folded blocks with their durations.
    await act(async () => {
      views.current.view.controller.newChat();
      await Promise.resolve();
    });
    const restarted = new ConversationStore({ vault: app.vault as never, metadataCache: app.metadataCache as never, folder: () => FOLDER });
    await act(async () => {
      await openConversationNote({ store: restarted, target: views.current.view.controller, file: app.vault.getFileByPath(path) as never });
    });
    await until(() => root.querySelectorAll('[data-testid="reasoning-block"]').length === 2);
    for (const block of Array.from(root.querySelectorAll('[data-testid="reasoning-block"]'))) {
      expect(block.getAttribute('data-live')).toBe('false');
      expect(block.querySelector('[data-testid="reasoning-header"]')?.getAttribute('aria-expanded')).toBe('false');
      expect(block.querySelector('[data-testid="reasoning-label"]')?.textContent).toMatch(/^Thought for /);
    }
    expect(root.textContent).toContain('Refunds take 14 days (checked)');
  });
});
