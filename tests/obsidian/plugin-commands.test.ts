import { act, within } from '@testing-library/react/pure';
import type { Editor } from 'obsidian';
import GlassboxPlugin from '../../src/main';
import type { ChatView } from '../../src/obsidian/chat/chat-view';
import { createFakeApp } from '../../tools/fake-obsidian';
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

async function loadWithServer() {
  server = await startModelServer({ scenarios: { cite: scenario().turn((t) => t.reasoning('Thinking about refunds.').text('Refunds take **14 days**, see [[Refund policy]].')) } });
  const app = createFakeApp();
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server.url, model: 'cite', apiKeySecretName: '' }));
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  const command = (id: string) => app.commands.commands[`glassbox:${id}`];
  return { app, plugin, command };
}

describe('plugin commands', () => {
  it('insert last answer puts the answer, markers stripped, at the cursor; stop only applies to a running answer; new chat empties the view', async () => {
    const { app, plugin, command } = await loadWithServer();
    const editor = { replaceSelection: jest.fn() } as unknown as Editor & { replaceSelection: jest.Mock };
    expect(command('insert-last-answer').editorCheckCallback!(true, editor, {} as never)).toBe(false);
    await act(async () => {
      app.commands.executeCommandById('glassbox:open-chat');
      await Promise.resolve();
    });
    const view = app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
    await sendMessage(view.contentEl, 'How long do refunds take?');
    await until(() => !view.controller.store.getState().running && view.contentEl.textContent.includes('14 days'));
    expect(command('stop').checkCallback!(true)).toBe(false);

    expect(command('insert-last-answer').editorCheckCallback!(true, editor, {} as never)).toBe(true);
    command('insert-last-answer').editorCheckCallback!(false, editor, {} as never);
    expect(editor.replaceSelection).toHaveBeenCalledWith('Refunds take **14 days**, see [[Refund policy]].');

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

  it('finds a chat leaf Obsidian restored deferred: commands do not take the placeholder for the chat, and opening loads it', async () => {
    const app = createFakeApp({ layoutReady: false });
    await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: 'http://127.0.0.1:9/v1' }));
    const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
    const leaf = app.workspace.restoreDeferredLeaf('right', { type: 'glassbox-chat' });
    app.workspace.setLayoutReady();
    expect(leaf.isDeferred).toBe(true);
    expect(app.commands.commands['glassbox:stop'].checkCallback!(true)).toBe(false);
    const activated = jest.spyOn(plugin, 'activateChatView');
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
      view.newChat();
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
