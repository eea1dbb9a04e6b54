import { act, fireEvent } from '@testing-library/react/pure';
import GlassboxPlugin from '../../../src/main';
import type { ChatView } from '../../../src/obsidian/chat/chat-view';
import { type App, clearNotices, createFakeApp, type FakeLayout } from '../../../tools/fake-obsidian';
import { type ModelServer, scenario, startModelServer } from '../../../tools/model-server';
import manifestJson from '../../../manifest.json';
import { runPluginCommand } from '../../support/plugin-command';
import { sendMessage, until } from '../../support/chat-view-harness';

// DESIGN.md 13.2: the text being typed belongs to the session, not to the view showing it. It
// survives switching the session to another tab, closing the view, and a restart.

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  clearNotices();
});

const SESSIONS_FILE = `.obsidian/plugins/${manifestJson.id}/sessions.json`;

async function loadPlugin(options: { syncedFrom?: App } = {}) {
  server ??= await startModelServer({ scenarios: { one: scenario().turn((t) => t.text('The answer.')) } });
  const app = createFakeApp(options.syncedFrom ? { syncedFrom: options.syncedFrom } : {});
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server.url, model: 'one', apiKeySecretName: '' }));
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  return { app, plugin };
}

const chatViews = (app: App) => app.workspace.getLeavesOfType('glassbox-chat').map((leaf) => leaf.view as unknown as ChatView);
const composer = (view: ChatView) => view.contentEl.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')!;

const command = runPluginCommand;

/** Types `text` into the view's composer, as a user would, without sending it. */
async function type(view: ChatView, text: string): Promise<void> {
  await act(async () => {
    fireEvent.input(composer(view), { target: { value: text } });
  });
}

describe('the text being typed belongs to the session', () => {
  it('goes with its conversation to the tab "New chat" moves it to, and the new chat starts empty', async () => {
    const { app, plugin } = await loadPlugin();
    await command(app, plugin, 'open-chat');
    const front = chatViews(app)[0];
    await sendMessage(front.contentEl, 'First question?');
    await until(() => !front.controller.store.getState().running && front.notePath !== '');
    await type(front, 'A follow-up I am still writ');
    await command(app, plugin, 'new-chat');
    const moved = chatViews(app).find((view) => view !== front)!;
    await until(() => moved.contentEl.querySelector('[data-testid="message-user"]') !== null);
    expect(composer(moved).value).toBe('A follow-up I am still writ');
    expect(composer(front).value).toBe('');
    await act(async () => plugin.unload());
  });

  it('survives closing the chat: opening it again shows the text', async () => {
    const { app, plugin } = await loadPlugin();
    await command(app, plugin, 'open-chat');
    await type(chatViews(app)[0], 'Half a question');
    await act(async () => {
      app.workspace.getLeavesOfType('glassbox-chat')[0].detach();
      await Promise.resolve();
    });
    expect(chatViews(app)).toHaveLength(0);
    await command(app, plugin, 'open-chat');
    expect(composer(chatViews(app)[0]).value).toBe('Half a question');
    await act(async () => plugin.unload());
  });

  it('survives a restart: the restored tab shows its conversation and the text, and sending clears the saved text', async () => {
    const first = await loadPlugin();
    await command(first.app, first.plugin, 'open-chat');
    const view = chatViews(first.app)[0];
    await sendMessage(view.contentEl, 'First question?');
    await until(() => !view.controller.store.getState().running && view.notePath !== '');
    await type(view, 'Then, about the refunds');
    // Saved a moment after typing pauses; the unload writes what is pending.
    await until(() => (first.app.vault.adapter.hiddenEntries().find(([path]) => path === SESSIONS_FILE)?.[1] ?? '').includes('Then, about the refunds'));
    const layout: FakeLayout = first.app.workspace.getLayout();
    await act(async () => first.plugin.unload());

    const second = await loadPlugin({ syncedFrom: first.app });
    const leaves = second.app.workspace.restoreLayout(layout);
    await act(async () => {
      for (const leaf of leaves) await second.app.workspace.revealLeaf(leaf);
    });
    const restored = chatViews(second.app)[0];
    await until(() => restored.contentEl.querySelector('[data-testid="message-user"]') !== null);
    expect(restored.contentEl.querySelector('[data-testid="message-user"]')!.textContent).toBe('First question?');
    expect(composer(restored).value).toBe('Then, about the refunds');

    await act(async () => {
      fireEvent.keyDown(composer(restored), { key: 'Enter' });
    });
    await until(() => !restored.controller.store.getState().running && restored.controller.store.getState().messageIds.length === 4);
    expect(composer(restored).value).toBe('');
    await act(async () => second.plugin.unload());
    const saved = second.app.vault.adapter.hiddenEntries().find(([path]) => path === SESSIONS_FILE)?.[1] ?? '';
    expect(saved).not.toContain('refunds');
  });

  it('a sessions file that is not what Glassbox wrote is ignored: the chat opens empty and works', async () => {
    const broken = createFakeApp();
    await broken.vault.adapter.write(SESSIONS_FILE, '{"sessions": [{"id": 3}, "no"');
    const { app, plugin } = await loadPlugin({ syncedFrom: broken });
    await command(app, plugin, 'open-chat');
    const view = chatViews(app)[0];
    expect(composer(view).value).toBe('');
    await type(view, 'Still typing');
    await act(async () => plugin.unload());
    expect(app.vault.adapter.hiddenEntries().find(([path]) => path === SESSIONS_FILE)?.[1]).toContain('Still typing');
  });
});
