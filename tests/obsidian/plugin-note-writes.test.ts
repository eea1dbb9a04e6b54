import { act, fireEvent } from '@testing-library/react/pure';
import GlassboxPlugin from '../../src/main';
import type { ChatView } from '../../src/obsidian/chat/chat-view';
import { clearNotices, createFakeApp, MarkdownView, noticeLog, type App } from '../../tools/fake-obsidian';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import manifestJson from '../../manifest.json';
import { sendMessage, until } from '../support/chat-view-harness';

// Note writes in the real plugin on the fake host: the real runner, the real openai SDK over
// HTTP to the scripted model server, the approval card with its diff, the write going through
// Vault.process, the trace step, the undo command.

const MEETING = '# Standup\n\n- Ana: shipped the export\n- Ben: reviewing refunds\n';
const NOTE = 'Meetings/Standup.md';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      edit: scenario()
        .turn((t) => t.toolCall('editNote', { path: NOTE, find: 'reviewing refunds', replace: 'shipped refunds' }, { id: 'call_1' }))
        .turn((t) => t.text('Updated the standup.')),
      'two-writes': scenario()
        .turn((t) => t.toolCall('appendToNote', { path: NOTE, content: '## Summary\n' }, { id: 'call_1' }))
        .turn((t) => t.toolCall('createNote', { path: 'Ideas/New idea.md', content: 'A <b>bold</b> idea\n' }, { id: 'call_2' }))
        .turn((t) => t.text('Done both.')),
    },
  });
});
afterAll(() => server.close());
beforeEach(() => clearNotices());

async function loadPlugin(model: string) {
  const app = createFakeApp();
  await app.vault.createFolder('Meetings');
  await app.vault.create(NOTE, MEETING);
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server.url, model, apiKeySecretName: '' }));
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  await act(async () => {
    app.commands.executeCommandById('glassbox:open-chat');
    await Promise.resolve();
  });
  const view = () => app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
  const card = () => view().contentEl.querySelector<HTMLElement>('[data-testid="approval-card"]');
  const choose = async (label: string) => {
    const button = [...card()!.querySelectorAll('button')].find((candidate) => candidate.textContent === label)!;
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
  };
  const done = () => until(() => !view().controller.store.getState().running);
  // The command says what it undid in a notice: that notice is the end of the undo.
  const undo = async () => {
    await act(async () => {
      const shown = noticeShown();
      app.commands.executeCommandById('glassbox:undo-last-change');
      await shown;
    });
  };
  return { app, plugin, view, card, choose, done, undo };
}

const text = (app: App, path: string) => app.vault.readNow(path);

/** Resolves when the next notice enters the page. */
function noticeShown(): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver((records) => {
      if (!records.some((record) => [...record.addedNodes].some((node) => node.instanceOf(HTMLElement) && (node.matches('.notice') || node.querySelector('.notice') !== null)))) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

const lastToolResult = (model: string) => {
  const requests = server.requests.filter((request) => (request.body as { model?: string } | undefined)?.model === model);
  const messages = (requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages;
  return messages.filter((message) => message.role === 'tool').map((message) => message.content);
};

describe('note writes in the chat', () => {
  it('the card shows the diff with the changed words marked; Approve writes the note; the step records it; undo restores it once', async () => {
    const { app, plugin, view, card, choose, done, undo } = await loadPlugin('edit');
    await sendMessage(view().contentEl, 'Ben shipped the refunds, fix the standup.');
    await until(() => card() !== null);

    expect(card()!.querySelector('[data-testid="approval-title"]')!.textContent).toBe('Edit Meetings/Standup.md?');
    expect(view().contentEl.ownerDocument.activeElement).toBe(card());
    expect(view().contentEl.querySelector('.glassbox-reasoning-header, [data-testid="reasoning-header"]')?.textContent).toContain('Waiting for your approval');
    const diff = card()!.querySelector('[data-testid="note-diff"]')!;
    expect(diff.getAttribute('aria-label')).toBe('Changes to Meetings/Standup.md: 1 line added, 1 removed');
    expect([...diff.querySelectorAll('[data-diff="removed"] mark')].map((mark) => mark.textContent)).toEqual(['reviewing']);
    expect([...diff.querySelectorAll('[data-diff="added"] mark')].map((mark) => mark.textContent)).toEqual(['shipped']);
    expect(diff.querySelector('[data-diff="removed"]')!.textContent).toBe('−Removed: - Ben: reviewing refunds');
    expect(text(app, NOTE)).toBe(MEETING);

    await choose('Approve');
    await done();
    expect(text(app, NOTE)).toBe(MEETING.replace('reviewing refunds', 'shipped refunds'));
    expect(card()).toBeNull();
    const write = view().contentEl.querySelector('[data-testid="write-change"]')!;
    expect(write.getAttribute('data-write-status')).toBe('ok');
    expect(write.textContent).toContain('Meetings/Standup.md');
    expect(write.textContent).toContain('+1 −1');
    expect(write.textContent).toContain('Written');

    await undo();
    expect(text(app, NOTE)).toBe(MEETING);
    expect(noticeLog.at(-1)).toBe('Undid the last change to Meetings/Standup.md.');
    await undo();
    expect(noticeLog.at(-1)).toBe('Glassbox has made no change to undo.');
    await act(async () => plugin.unload());
  });

  it('Reject leaves the note alone, tells the model "The user declined this change.", and the step says Declined', async () => {
    const { app, plugin, view, choose, card, done } = await loadPlugin('edit');
    await sendMessage(view().contentEl, 'Fix the standup.');
    await until(() => card() !== null);
    await choose('Reject');
    await done();
    expect(text(app, NOTE)).toBe(MEETING);
    expect(lastToolResult('edit')).toEqual(['The user declined this change.']);
    const write = view().contentEl.querySelector('[data-testid="write-change"]')!;
    expect(write.getAttribute('data-write-status')).toBe('declined');
    expect(write.textContent).toContain('Declined');
    // The step's status mark: Obsidian's Lucide icon through setIcon, with its text alternative.
    const icon = view().contentEl.querySelector('.glassbox-status-icon')!;
    expect([icon.getAttribute('role'), icon.getAttribute('aria-label'), icon.querySelector('.fake-icon')?.getAttribute('data-icon')]).toEqual(['img', 'Declined', 'minus']);
    await act(async () => plugin.unload());
  });

  it('"Approve the rest of this run" covers the second write; the created note holds the model text as text', async () => {
    const { app, plugin, view, choose, card, done } = await loadPlugin('two-writes');
    await sendMessage(view().contentEl, 'Summarise and write the idea down.');
    await until(() => card() !== null);
    await choose('Approve the rest of this run');
    await done();
    expect(text(app, NOTE)).toBe(`${MEETING}## Summary\n`);
    expect(text(app, 'Ideas/New idea.md')).toBe('A <b>bold</b> idea\n');
    expect(view().contentEl.querySelectorAll('[data-testid="write-change"][data-write-status="ok"]')).toHaveLength(2);
    const icons = [...view().contentEl.querySelectorAll('.glassbox-status-icon')];
    expect(icons.map((icon) => [icon.getAttribute('aria-label'), icon.querySelector('.fake-icon')?.getAttribute('data-icon'), icon.textContent])).toEqual([
      ['Done', 'check', '✓'],
      ['Done', 'check', '✓'],
    ]);
    await act(async () => plugin.unload());
  });

  it('"Undo this turn" under the answer takes back both writes of the run: the created note to the trash, the edit reversed', async () => {
    const { app, plugin, view, choose, card, done } = await loadPlugin('two-writes');
    await sendMessage(view().contentEl, 'Summarise and write the idea down.');
    await until(() => card() !== null);
    await choose('Approve the rest of this run');
    await done();
    const status = () => view().contentEl.querySelector('[data-testid="answer-status"]')?.textContent;
    await act(async () => fireEvent.click(view().contentEl.querySelector('[data-testid="answer-undo-turn"]')!));
    await until(() => status() !== '');
    expect(status()).toBe('Undid this turn: moved Ideas/New idea.md to the trash; restored Meetings/Standup.md.');
    expect(text(app, NOTE)).toBe(MEETING);
    expect(app.vault.getFileByPath('Ideas/New idea.md')).toBeNull();
    await act(async () => plugin.unload());
  });

  it('"Undo this turn" changes nothing and names the note when one was edited since', async () => {
    const { app, plugin, view, choose, card, done } = await loadPlugin('two-writes');
    await sendMessage(view().contentEl, 'Summarise and write the idea down.');
    await until(() => card() !== null);
    await choose('Approve the rest of this run');
    await done();
    await app.vault.modify(app.vault.getFileByPath('Ideas/New idea.md')!, 'Mine now.\n');
    const status = () => view().contentEl.querySelector('[data-testid="answer-status"]')?.textContent;
    await act(async () => fireEvent.click(view().contentEl.querySelector('[data-testid="answer-undo-turn"]')!));
    await until(() => status() !== '');
    expect(status()).toBe('Nothing was undone: Ideas/New idea.md changed since this turn wrote it.');
    expect(text(app, NOTE)).toBe(`${MEETING}## Summary\n`);
    expect(text(app, 'Ideas/New idea.md')).toBe('Mine now.\n');
    await act(async () => plugin.unload());
  });

  it('a note open in an editor is changed through the editor: one change, which the editor’s undo takes back', async () => {
    const { app, plugin, view, choose, card, done } = await loadPlugin('edit');
    app.viewRegistry.registerView('markdown', (leaf) => new MarkdownView(leaf));
    const leaf = app.workspace.getLeaf(true);
    await leaf.openFile(app.vault.getFileByPath(NOTE)!);
    const editor = (leaf.view as unknown as MarkdownView).editor;
    expect(editor.getValue()).toBe(MEETING);

    await sendMessage(view().contentEl, 'Fix the standup.');
    await until(() => card() !== null);
    await choose('Approve');
    await done();
    const edited = MEETING.replace('reviewing refunds', 'shipped refunds');
    expect(editor.getValue()).toBe(edited);
    expect(editor.history).toEqual([{ from: MEETING.indexOf('reviewing'), removed: 'reviewing', inserted: 'shipped' }]);
    expect(text(app, NOTE)).toBe(edited);
    editor.undo();
    expect(text(app, NOTE)).toBe(MEETING);
    await act(async () => plugin.unload());
  });

  it('undo refuses, with a notice, when the note changed since the write', async () => {
    const { app, plugin, view, choose, card, done, undo } = await loadPlugin('edit');
    await sendMessage(view().contentEl, 'Fix the standup.');
    await until(() => card() !== null);
    await choose('Approve');
    await done();
    await app.vault.modify(app.vault.getFileByPath(NOTE)!, 'Typed by hand.\n');
    await undo();
    expect(text(app, NOTE)).toBe('Typed by hand.\n');
    expect(noticeLog.at(-1)).toBe('Meetings/Standup.md changed since Glassbox wrote it, so the change was not undone.');
    await act(async () => plugin.unload());
  });

  it('the card survives hiding and showing the sidebar while the run waits', async () => {
    const { app, plugin, view, choose, card, done } = await loadPlugin('edit');
    await sendMessage(view().contentEl, 'Fix the standup.');
    await until(() => card() !== null);
    await act(async () => {
      app.workspace.rightSplit.collapse();
      await Promise.resolve();
    });
    await act(async () => {
      app.workspace.rightSplit.expand();
      await Promise.resolve();
    });
    expect(card()).not.toBeNull();
    await choose('Approve');
    await done();
    expect(text(app, NOTE)).toBe(MEETING.replace('reviewing refunds', 'shipped refunds'));
    await act(async () => plugin.unload());
  });

  it('the card survives closing and reopening the chat view while the run waits; Approve then writes', async () => {
    const { app, plugin, view, choose, card, done } = await loadPlugin('edit');
    await sendMessage(view().contentEl, 'Fix the standup.');
    await until(() => card() !== null);
    await act(async () => {
      app.workspace.getLeavesOfType('glassbox-chat')[0].detach();
      await Promise.resolve();
    });
    expect(app.workspace.getLeavesOfType('glassbox-chat')).toHaveLength(0);
    expect(noticeLog.at(-1)).toBe('Glassbox is waiting for your approval: Edit Meetings/Standup.md? Open the chat to decide.');
    await act(async () => {
      app.commands.executeCommandById('glassbox:open-chat');
      await Promise.resolve();
    });
    await until(() => card() !== null);
    expect(card()!.querySelector('[data-testid="approval-title"]')!.textContent).toBe('Edit Meetings/Standup.md?');
    expect(text(app, NOTE)).toBe(MEETING);
    await choose('Approve');
    await done();
    expect(text(app, NOTE)).toBe(MEETING.replace('reviewing refunds', 'shipped refunds'));
    expect(view().contentEl.textContent).toContain('Updated the standup.');
    // The turn was saved, as any other.
    await until(() => app.vault.getMarkdownFiles().some((file) => file.path.startsWith('Glassbox/Conversations/')));
    await act(async () => plugin.unload());
  });

  it('a stop while the card waits writes nothing and saves the turn; reopened, the step shows the proposed change', async () => {
    const { app, plugin, view, card } = await loadPlugin('edit');
    await sendMessage(view().contentEl, 'Fix the standup.');
    await until(() => card() !== null);
    await act(async () => {
      app.commands.executeCommandById('glassbox:stop');
      await Promise.resolve();
    });
    await until(() => !view().controller.store.getState().running && card() === null);
    expect(text(app, NOTE)).toBe(MEETING);
    await until(() => app.vault.getMarkdownFiles().some((file) => file.path.startsWith('Glassbox/Conversations/')));
    const saved = app.vault.getMarkdownFiles().find((file) => file.path.startsWith('Glassbox/Conversations/'))!;
    await until(() => (text(app, saved.path) ?? '').includes('"change"'));

    await act(async () => {
      view().controller.newChat();
      await app.workspace.openLinkText(saved.path, '');
      app.commands.executeCommandById('glassbox:open-note-in-chat');
      await Promise.resolve();
    });
    await until(() => view().contentEl.querySelector('[data-testid="write-change"]') !== null);
    const write = view().contentEl.querySelector('[data-testid="write-change"]')!;
    expect(write.getAttribute('data-write-status')).toBe('cancelled');
    expect(write.textContent).toContain('+1 −1');
    expect(write.textContent).toContain('Not written (stopped)');
    await act(async () => plugin.unload());
  });
});
