import { act } from '@testing-library/react/pure';
import GlassboxPlugin from '../../src/main';
import type { ChatView } from '../../src/obsidian/chat/chat-view';
import { createFakeApp } from '../../tools/fake-obsidian';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import manifestJson from '../../manifest.json';
import { sendMessage, until } from '../support/chat-view-harness';
import { vaultToolsOf } from '../support/plugin-vault-tools';

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

// The plugin's vault tools hide the conversations folder, read from the setting at each call: a
// chat saved after the folder changed is not found by localSearch either, without a reload.
describe('the conversations folder and the plugin vault tools', () => {
  it('a saved conversation is never a localSearch result, also in a folder chosen after load', async () => {
    server = await startModelServer({
      scenarios: {
        search: scenario()
          .turn((t) => t.toolCall('localSearch', { query: 'refunds' }))
          .turn((t) => t.text('Refunds take 14 days, see [[Refund policy]].')),
      },
    });
    const app = createFakeApp({ files: { 'Refund policy.md': '# Refund policy\n\nRefunds take 14 days after the request.' } });
    await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server.url, model: 'search', apiKeySecretName: '' }));
    const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
    const tools = vaultToolsOf(plugin);
    await tools.whenSettled();
    expect(tools.current().notice).toBeUndefined();
    await act(async () => {
      await plugin.activateChatView();
    });
    const view = app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
    const ask = async (): Promise<string[]> => {
      const before = server!.requests.length;
      await act(async () => {
        view.controller.newChat();
        await Promise.resolve();
      });
      await sendMessage(view.contentEl, 'How long do refunds take?');
      await until(() => !view.controller.store.getState().running && view.notePath !== '');
      return server!.requests
        .slice(before)
        .flatMap((request) => (request.body as { messages?: { role: string; content?: string }[] } | undefined)?.messages ?? [])
        .filter((message) => message.role === 'tool')
        .map((message) => message.content ?? '');
    };

    const first = await ask();
    expect(first.join('\n')).toContain('Refund policy');
    expect(view.notePath.startsWith('Glassbox/Conversations/')).toBe(true);

    plugin.settings.conversationsFolder = 'Chats';
    await act(async () => plugin.saveSettings());
    await ask();
    expect(view.notePath.startsWith('Chats/')).toBe(true);
    // The save's vault change events reach the index once the metadata cache has parsed the
    // note; the index applies them in microtasks, before the next request's reply arrives.
    await act(() => app.metadataCache.settled());

    const third = (await ask()).join('\n');
    expect(third).toContain('Refund policy');
    expect(third).not.toContain('Chats/');
    expect(third).not.toContain('Glassbox/Conversations');
    await act(async () => plugin.unload());
  });
});
