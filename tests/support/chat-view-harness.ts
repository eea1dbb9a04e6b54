import { act, waitFor } from '@testing-library/react/pure';
import { z } from 'zod';
import { runAgent } from '../../src/agent/run-agent';
import type { ChatRunRequest } from '../../src/chat';
import type { AgentTool } from '../../src/agent/agent-tool';
import { createOpenAiChatModel } from '../../src/llm';
import { ChatSessions, type ChatSessionsOptions } from '../../src/obsidian/workspace/chat-sessions';
import { vaultContextSourcesOf } from '../../src/obsidian/chat/vault-context-sources';
import { ChatView, type ChatViewOptions, VIEW_TYPE_GLASSBOX_CHAT } from '../../src/obsidian/chat/chat-view';
import { loadGlassboxSettings } from '../../src/settings';
import type { WorkspaceLeaf as ObsidianLeaf } from 'obsidian';
import { clearNotices, createFakeApp, type App, type View } from '../../tools/fake-obsidian';
import { type ModelServer, type Scenario, startModelServer } from '../../tools/model-server';

(window as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A search tool over two fixed notes; with `blockUntilAborted` it hangs until the run stops. */
export function fixedSearchTool(options: { blockUntilAborted?: boolean; output?: string } = {}): AgentTool {
  return {
    name: 'localSearch',
    description: 'Searches the notes.',
    schema: z.object({ query: z.string() }),
    describeStart: (args: { query: string }) => `Searching notes for "${args.query}"`,
    describeEnd: () => 'Found 2 notes: Refund policy, Billing',
    execute: (_args, context) =>
      new Promise((resolve, reject) => {
        if (!options.blockUntilAborted) {
          resolve({ output: options.output ?? 'Refund policy.md: refunds take 14 days\nBilling.md: invoices monthly' });
          return;
        }
        context.signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })), { once: true });
      }),
  };
}

/** A chat view on the fake host, talking to the scripted model server over real HTTP. */
export async function openChatView(options: { scenarios: Record<string, Scenario>; model: string; tools?: readonly AgentTool[]; saved?: unknown[]; chunkDelayMs?: number; extra?: Partial<ChatViewOptions & ChatSessionsOptions>; mobile?: boolean; files?: Record<string, string>; prepared?: ChatRunRequest[]; rawHtml?: boolean }) {
  const server: ModelServer = await startModelServer({ scenarios: options.scenarios, chunkDelayMs: options.chunkDelayMs ?? 0 });
  const app: App = createFakeApp({ mobile: options.mobile, files: options.files, rawHtml: options.rawHtml });
  const settings = { settings: loadGlassboxSettings({ model: options.model, baseUrl: server.url, provider: 'custom' }), saveSettings: () => Promise.resolve() };
  const ribbon = app.workspace.ribbonEl.createDiv({ cls: 'side-dock-ribbon-action' });
  // The plugin's sessions, as main.ts wires them; a notice's click shows the session's tab.
  const sessions = new ChatSessions({
    app: app as never,
    settings,
    runAgent,
    prepareRun: (_model, request) => {
      options.prepared?.push(request);
      return Promise.resolve({ model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }), tools: options.tools ?? [fixedSearchTool()] });
    },
    saver: { save: (conversation) => { options.saved?.push(conversation); return Promise.resolve(); } },
    show: (session) => {
      const shown = app.workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT).find((candidate) => (candidate.view as unknown as ChatView).session === session);
      if (shown) void app.workspace.revealLeaf(shown);
    },
    ...options.extra,
  });
  const viewOptions: ChatViewOptions = { sessions, settings, contextOf: (session) => vaultContextSourcesOf(app as never, session.draft, settings), ribbonIcon: () => ribbon, ...options.extra };
  app.viewRegistry.registerView(VIEW_TYPE_GLASSBOX_CHAT, (leaf) => new ChatView(leaf as unknown as ObsidianLeaf, viewOptions) as unknown as View);
  const leaf = app.workspace.getRightLeaf(false)!;
  await act(async () => {
    await leaf.setViewState({ type: VIEW_TYPE_GLASSBOX_CHAT, active: true });
    await app.workspace.revealLeaf(leaf);
  });
  const view = leaf.view as unknown as ChatView;
  return {
    app,
    server,
    settings,
    view,
    leaf,
    ribbon,
    sessions,
    async close() {
      await act(async () => {
        leaf.detach();
        // The plugin unloads: its sessions stop their runs.
        sessions.dispose();
        await Promise.resolve();
      });
      await server.close();
    },
  };
}

/** What {@link openChatView} opened. */
export type OpenedChatView = Awaited<ReturnType<typeof openChatView>>;

/**
 * For a test file whose tests each open one chat view: `open` opens it, and it is closed (and
 * the notices cleared) after each test. Call once at the top of the file.
 */
export function chatViewPerTest(): { open(options: Parameters<typeof openChatView>[0]): Promise<OpenedChatView>; readonly current: OpenedChatView } {
  let current: OpenedChatView | null = null;
  afterEach(async () => {
    await current?.close();
    current = null;
    clearNotices();
  });
  return {
    open: async (options) => (current = await openChatView(options)),
    get current() {
      if (current === null) throw new Error('No chat view is open in this test');
      return current;
    },
  };
}

/** Types into the composer and presses Enter, as a user would. */
export async function sendMessage(root: HTMLElement, text: string): Promise<void> {
  const { fireEvent } = await import('@testing-library/react/pure');
  const input = root.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')!;
  // Two events, as in a browser: the typed text renders before Enter is pressed.
  fireEvent.input(input, { target: { value: text } });
  await act(async () => {
    fireEvent.keyDown(input, { key: 'Enter' });
  });
}

/** Waits (real time) until `predicate` holds. */
export function until(predicate: () => boolean, timeout = 8000): Promise<void> {
  return waitFor(() => {
    if (!predicate()) throw new Error('not yet');
  }, { timeout, interval: 10 });
}
