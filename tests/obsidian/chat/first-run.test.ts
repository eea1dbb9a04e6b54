import { act, fireEvent } from '@testing-library/react/pure';
import { findLocalServers, type LocalServerPort } from '../../../src/llm';
import { endpointMissing, pluginFirstRun } from '../../../src/obsidian/chat/first-run';
import { scenario } from '../../../tools/model-server';
import { openChatView, type OpenedChatView, until } from '../../support/chat-view-harness';
import { type ImitatedServer, type ImitatedServerKind, startImitatedServer } from '../../support/imitated-model-servers';

// "Find a local model" (issue 30): the chat view with no endpoint set, the real probe against
// loopback servers behaving like each server (the ports given here; the product asks the five
// usual ones), and the real choice saved into the plugin's settings.

let opened: OpenedChatView | null = null;
const servers: ImitatedServer[] = [];
afterEach(async () => {
  await opened?.close();
  opened = null;
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function openWithoutEndpoint(ports: readonly LocalServerPort[]): Promise<OpenedChatView> {
  const view = { current: null as OpenedChatView | null };
  const host = {
    get settings() {
      return view.current!.settings.settings;
    },
    // As the plugin's save does: the sessions and the open chats take the new settings.
    saveSettings: () => {
      view.current!.sessions.settingsChanged();
      view.current!.view.refresh();
      return Promise.resolve();
    },
  };
  const plugin = pluginFirstRun(host, () => null);
  // The view draws once while it opens, before the harness hands back its settings.
  const firstRun = { ...plugin, needed: () => view.current !== null && plugin.needed(), find: () => findLocalServers({ ports }) };
  view.current = opened = await openChatView({ scenarios: { quick: scenario().turn((t) => t.text('Hi.')) }, model: 'gpt-4o-mini', extra: { firstRun } });
  const { settings } = view.current.settings;
  settings.provider = 'openai';
  settings.baseUrl = 'https://api.openai.com/v1';
  await act(async () => view.current!.view.refresh());
  return view.current;
}

const q = (root: HTMLElement, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('endpointMissing', () => {
  it('is true with no base URL or a hosted one without a key (a fresh install), false for a local server or a key', () => {
    expect(endpointMissing('', null)).toBe(true);
    expect(endpointMissing('https://api.openai.com/v1', null)).toBe(true);
    expect(endpointMissing('https://api.openai.com/v1', 'sk-1')).toBe(false);
    expect(endpointMissing('http://127.0.0.1:11434/v1', null)).toBe(false);
    expect(endpointMissing('http://192.168.1.20:1234/v1', null)).toBe(false);
  });
});

describe('Find a local model', () => {
  it.each<[ImitatedServerKind, string, string]>([
    ['Ollama', 'ollama', 'tools'],
    ['LM Studio', 'lmstudio', '8,192 tokens · tools'],
    ['llama.cpp', 'custom', '8,192 tokens'],
    ['vLLM', 'custom', '8,192 tokens'],
  ])('finds %s on this computer and sets its base URL and model in one click', async (kind, provider, detail) => {
    const server = await startImitatedServer(kind, { window: 8192, model: 'qwen3:8b' });
    servers.push(server);
    const view = await openWithoutEndpoint([{ kind, port: Number(new URL(server.url).port) }]);
    const root = view.view.contentEl;
    expect(q(root, 'find-local-model')?.textContent).toContain('No model endpoint is set.');
    await act(async () => fireEvent.click(q(root, 'find-local-model-button')!));
    await until(() => q(root, 'found-server') !== null);
    expect(q(root, 'found-server')!.textContent).toContain(`${kind} at ${server.url}`);
    expect(q(root, 'found-server')!.textContent).toContain(`qwen3:8b ${detail}`);
    await act(async () => fireEvent.click(q(root, 'use-model')!));
    const { settings } = view.settings;
    expect({ provider: settings.provider, baseUrl: settings.baseUrl, model: settings.model }).toEqual({ provider, baseUrl: server.url, model: 'qwen3:8b' });
    await until(() => q(root, 'find-local-model') === null);
    expect(root.querySelector<HTMLInputElement>('[data-testid="model-picker"]')!.value).toBe('qwen3:8b');
  });

  it('says how to start Ollama or LM Studio, and what a phone needs, when nothing answers', async () => {
    const view = await openWithoutEndpoint([{ kind: 'Ollama', port: 9 }]);
    const root = view.view.contentEl;
    await act(async () => fireEvent.click(q(root, 'find-local-model-button')!));
    await until(() => q(root, 'nothing-found') !== null);
    const text = q(root, 'nothing-found')!.textContent;
    expect(text).toContain('ollama pull qwen3:8b');
    expect(text).toContain('start the server in its Developer tab (port 1234)');
    expect(text).toContain('OLLAMA_ORIGINS=*');
    expect(text).toContain('"Enable CORS"');
    expect(view.settings.settings.baseUrl).toBe('https://api.openai.com/v1');
  });

  it('is not offered once an endpoint is set', async () => {
    opened = await openChatView({ scenarios: { quick: scenario().turn((t) => t.text('Hi.')) }, model: 'quick', extra: { firstRun: { needed: () => false, find: () => Promise.resolve([]), use: () => Promise.resolve() } } });
    expect(q(opened.view.contentEl, 'find-local-model')).toBeNull();
  });
});
