import { act, fireEvent } from '@testing-library/react/pure';
import GlassboxPlugin from '../../../src/main';
import type { ChatView } from '../../../src/obsidian/chat/chat-view';
import { type App, clearNotices, createFakeApp, type FakeLayout, noticeLog, type WorkspaceLeaf } from '../../../tools/fake-obsidian';
import { type ModelServer, scenario, startModelServer } from '../../../tools/model-server';
import manifestJson from '../../../manifest.json';
import { runPluginCommand } from '../../support/plugin-command';
import { sendMessage, until } from '../../support/chat-view-harness';

// Sessions owned by the plugin, in tabs (issue 27, DESIGN.md 12.2): each tab's run goes on
// whatever the user does with the others, and each is saved to its own note.

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  clearNotices();
});

/** A gate the scripted answers wait at, so that runs overlap for as long as a test wants. */
function gate(): { readonly promise: Promise<void>; open(): void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const NAMES = ['one', 'two', 'three', 'four'];

/** The plugin over a server with a model per name; each answer is held at `held` halfway. */
async function loadPlugin(held: Promise<void>, files: Record<string, string> = {}) {
  server ??= await startModelServer({ scenarios: Object.fromEntries(NAMES.map((name) => [name, scenario().turn((t) => t.text(`Answer ${name} begins`).hold(held).text(' and ends.'))])) });
  const app = createFakeApp({ files });
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server.url, model: 'one', apiKeySecretName: '' }));
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  return { app, plugin };
}

const chatViews = (app: App) => app.workspace.getLeavesOfType('glassbox-chat').map((leaf) => leaf.view as unknown as ChatView);
const running = (view: ChatView) => view.controller.store.getState().running;

/** Asks `question` in `view` with the model `model` chosen in its toolbar, as a user would. */
async function ask(view: ChatView, model: string, question: string): Promise<void> {
  await act(async () => {
    fireEvent.input(view.contentEl.querySelector('[data-testid="model-picker"]')!, { target: { value: model } });
  });
  const before = view.controller.store.getState().messageIds.length;
  await sendMessage(view.contentEl, question);
  await until(() => view.controller.store.getState().messageIds.length > before);
}

const command = runPluginCommand;

/** The vault's Markdown files and their text (a second device, or the same vault after a restart). */
async function vaultFiles(app: App): Promise<Record<string, string>> {
  const entries = await Promise.all(app.vault.getMarkdownFiles().map(async (file) => [file.path, await app.vault.read(file)] as const));
  return Object.fromEntries(entries);
}

describe('chat sessions in tabs', () => {
  it('four chats stream at once, each in its own tab, and each is saved to its own note', async () => {
    const held = gate();
    const { app, plugin } = await loadPlugin(held.promise);
    await command(app, plugin, 'open-chat');
    const front = chatViews(app)[0];
    for (const [index, name] of NAMES.entries()) {
      // "New chat" keeps the conversation in front going in a tab of its own.
      if (index > 0) await command(app, plugin, 'new-chat');
      await ask(front, name, `Question ${name}?`);
    }
    const views = chatViews(app);
    expect(views).toHaveLength(4);
    // All four runs are in progress at the same moment.
    expect(views.map(running)).toEqual([true, true, true, true]);
    held.open();
    await until(() => views.every((view) => !running(view) && view.notePath !== ''));

    const byQuestion = new Map(views.map((view) => [view.contentEl.querySelector('[data-testid="message-user"]')!.textContent, view]));
    expect([...byQuestion.keys()].sort()).toEqual(NAMES.map((name) => `Question ${name}?`).sort());
    for (const name of NAMES) {
      const view = byQuestion.get(`Question ${name}?`)!;
      const shown = view.contentEl.querySelector('[data-testid="message-assistant"]')!.textContent;
      expect(shown).toContain(`Answer ${name} begins and ends.`);
      for (const other of NAMES.filter((candidate) => candidate !== name)) expect(shown).not.toContain(`Answer ${other} `);
      const note = await app.vault.read(app.vault.getFileByPath(view.notePath)!);
      expect(note).toContain(`Question ${name}?`);
      expect(note).toContain(`Answer ${name} begins and ends.`);
    }
    expect(new Set(views.map((view) => view.notePath)).size).toBe(4);
    // Each tab is titled by its conversation.
    expect(app.workspace.getLeavesOfType('glassbox-chat').map((leaf) => leaf.tabHeaderInnerTitleEl!.textContent).sort()).toEqual(NAMES.map((name) => `Question ${name}?`).sort());
    await act(async () => plugin.unload());
  });

  it('a chat closed during its run goes on: the run finishes and is saved, and reopening the chat shows it', async () => {
    const held = gate();
    const { app, plugin } = await loadPlugin(held.promise);
    await command(app, plugin, 'open-chat');
    await ask(chatViews(app)[0], 'one', 'Question one?');
    await act(async () => {
      app.workspace.getLeavesOfType('glassbox-chat')[0].detach();
      await Promise.resolve();
    });
    expect(chatViews(app)).toHaveLength(0);
    held.open();
    await until(() => app.vault.getMarkdownFiles().some((file) => file.path.startsWith('Glassbox/Conversations/')));
    const saved = app.vault.getMarkdownFiles().find((file) => file.path.startsWith('Glassbox/Conversations/'))!;
    await until(() => noticeLog.some((message) => message.startsWith('Glassbox answered "Question one?"')));
    expect(await app.vault.read(saved)).toContain('Answer one begins and ends.');

    await command(app, plugin, 'open-chat');
    const reopened = chatViews(app)[0];
    await until(() => reopened.notePath === saved.path);
    expect(running(reopened)).toBe(false);
    expect(reopened.contentEl.querySelector('[data-testid="message-user"]')!.textContent).toBe('Question one?');
    expect(reopened.contentEl.querySelector('[data-testid="message-assistant"]')!.textContent).toContain('Answer one begins and ends.');
    await act(async () => plugin.unload());
  });

  it('a run that ends in a tab behind another shows a notice naming its question; clicking it brings the tab to the front', async () => {
    const held = gate();
    const { app, plugin } = await loadPlugin(held.promise);
    await command(app, plugin, 'open-chat');
    const front = chatViews(app)[0];
    await ask(front, 'one', 'Question one, asked in the first tab?');
    await command(app, plugin, 'new-chat');
    const behind = chatViews(app).find((view) => view !== front)!;
    expect(behind.isChatVisible()).toBe(false);
    expect(front.isChatVisible()).toBe(true);
    await ask(front, 'two', 'Question two?');
    held.open();
    await until(() => !running(front) && !running(behind));
    // The run behind announces itself; the one in front is seen, so it does not.
    await until(() => noticeLog.length > 0);
    expect([...noticeLog]).toEqual(['Glassbox answered "Question one, asked in the first tab?". Click to show it.']);
    const notice = [...document.querySelectorAll<HTMLElement>('.notice .notice-message')].find((el) => el.textContent?.startsWith('Glassbox answered'))!;
    await act(async () => {
      notice.click();
      await Promise.resolve();
    });
    await until(() => behind.isChatVisible());
    expect(front.isChatVisible()).toBe(false);
    await act(async () => plugin.unload());
  });

  it('on desktop, with Obsidian in the background, a run that ends also shows a system notification (unless turned off)', async () => {
    const shown: { title: string; body: string | undefined }[] = [];
    // The browser's Notification (Electron grants it); the window is in the background.
    class RecordedNotification {
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
    }
    (window as unknown as { Notification: unknown }).Notification = RecordedNotification;
    const focus = jest.spyOn(document, 'hasFocus').mockReturnValue(false);
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      const held = gate();
      const { app, plugin } = await loadPlugin(held.promise);
      await command(app, plugin, 'open-chat');
      const view = chatViews(app)[0];
      await ask(view, 'one', 'Question one?');
      held.open();
      await until(() => !running(view));
      await until(() => shown.length > 0);
      expect(shown).toEqual([{ title: 'Glassbox', body: 'Glassbox answered "Question one?". Click to show it.' }]);
      plugin.settings.systemNotifications = false;
      await ask(view, 'one', 'Question one again?');
      await until(() => !running(view) && noticeLog.length === 2);
      expect(shown).toHaveLength(1);
      await act(async () => plugin.unload());
    } finally {
      focus.mockRestore();
      visibility.mockRestore();
      delete (window as unknown as { Notification?: unknown }).Notification;
    }
  });

  it('a restart restores the tabs: each shows its conversation again, from the note the layout names', async () => {
    const held = gate();
    held.open();
    const first = await loadPlugin(held.promise);
    await command(first.app, first.plugin, 'open-chat');
    const front = chatViews(first.app)[0];
    await ask(front, 'one', 'Question one?');
    await until(() => !running(front) && front.notePath !== '');
    await command(first.app, first.plugin, 'new-chat');
    await ask(front, 'two', 'Question two?');
    await until(() => chatViews(first.app).every((view) => !running(view) && view.notePath !== ''));
    const layout: FakeLayout = first.app.workspace.getLayout();
    const before = chatViews(first.app).map((view) => view.notePath);
    const questions = chatViews(first.app).map((view) => view.contentEl.querySelector('[data-testid="message-user"]')!.textContent);
    expect([...questions].sort()).toEqual(['Question one?', 'Question two?']);
    await act(async () => first.plugin.unload());

    const second = await loadPlugin(held.promise, await vaultFiles(first.app));
    const leaves: WorkspaceLeaf[] = second.app.workspace.restoreLayout(layout);
    await act(async () => {
      for (const leaf of leaves) await second.app.workspace.revealLeaf(leaf);
    });
    const restored = chatViews(second.app);
    expect(restored.map((view) => view.notePath)).toEqual(before);
    expect(restored.map((view) => view.contentEl.querySelector('[data-testid="message-user"]')!.textContent)).toEqual(questions);
    for (const view of restored) {
      const name = view.contentEl.querySelector('[data-testid="message-user"]')!.textContent.split(' ')[1].replace('?', '');
      expect(view.contentEl.querySelector('[data-testid="message-assistant"]')!.textContent).toContain(`Answer ${name} begins and ends.`);
    }
    expect(second.app.workspace.getLeavesOfType('glassbox-chat').map((leaf) => leaf.tabHeaderInnerTitleEl!.textContent)).toEqual(questions);
    await act(async () => second.plugin.unload());
  });

  it('History opens a conversation in the current tab, and with Mod held in a new tab in front', async () => {
    const held = gate();
    held.open();
    const { app, plugin } = await loadPlugin(held.promise);
    await command(app, plugin, 'open-chat');
    const view = chatViews(app)[0];
    await ask(view, 'one', 'Question one?');
    await until(() => !running(view) && view.notePath !== '');
    const saved = view.notePath;
    const openFromHistory = async (init: MouseEventInit) => {
      await act(async () => {
        view.contentEl.querySelector<HTMLElement>('[data-testid="history-toggle"]')!.click();
      });
      await until(() => view.contentEl.querySelector('[data-testid="history-item"]') !== null);
      await act(async () => {
        fireEvent.click(view.contentEl.querySelector<HTMLElement>('[data-testid="history-item"]')!, init);
        await Promise.resolve();
      });
    };
    await act(async () => {
      view.controller.newChat();
    });
    await openFromHistory({});
    await until(() => view.notePath === saved);
    expect(chatViews(app)).toHaveLength(1);

    await act(async () => {
      view.controller.newChat();
    });
    await openFromHistory({ ctrlKey: true });
    await until(() => chatViews(app).length === 2);
    const opened = chatViews(app).find((candidate) => candidate !== view)!;
    await until(() => opened.notePath === saved && opened.isChatVisible());
    expect(view.isChatVisible()).toBe(false);
    expect(opened.contentEl.querySelector('[data-testid="message-user"]')!.textContent).toBe('Question one?');
    await act(async () => plugin.unload());
  });

  it('a model chosen in the toolbar stays through a settings save that does not change the model', async () => {
    const held = gate();
    held.open();
    const { app, plugin } = await loadPlugin(held.promise);
    await command(app, plugin, 'open-chat');
    const view = chatViews(app)[0];
    await act(async () => {
      fireEvent.input(view.contentEl.querySelector('[data-testid="model-picker"]')!, { target: { value: 'three' } });
    });
    plugin.settings.displayMode = 'verbose';
    await act(async () => plugin.saveSettings());
    expect(view.contentEl.querySelector<HTMLInputElement>('[data-testid="model-picker"]')!.value).toBe('three');
    // A changed model setting is the new choice.
    plugin.settings.model = 'four';
    await act(async () => plugin.saveSettings());
    expect(view.contentEl.querySelector<HTMLInputElement>('[data-testid="model-picker"]')!.value).toBe('four');
    await act(async () => plugin.unload());
  });
});
