import { act } from '@testing-library/react/pure';
import GlassboxPlugin from '../../../src/main';
import type { ChatView } from '../../../src/obsidian/chat/chat-view';
import { createFakeApp } from '../../../tools/fake-obsidian';
import manifestJson from '../../../manifest.json';
import { sendMessage, until } from '../../support/chat-view-harness';
import { type ImitatedServer, type ImitatedServerKind, PLAIN_OPENAI_COMPATIBLE, startImitatedServer } from '../../support/imitated-model-servers';

// Issue 30's leftover, in the real plugin on the fake host: a fresh chat session lists the
// server's models (the view opening) and asks its window (the first question). Each endpoint is
// asked once for both; the only 404s are the probes that tell one server from another, one per
// server it is not. Before, the list and the discovery each asked every server's endpoints, and
// the developer console showed 5 to 8 red lines before the first answer.

let server: ImitatedServer | undefined;
afterEach(() => server?.close());

async function firstQuestion(kind: ImitatedServerKind | typeof PLAIN_OPENAI_COMPATIBLE): Promise<ImitatedServer> {
  server = await startImitatedServer(kind, { window: 8192, model: 'qwen3:8b' });
  const app = createFakeApp();
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server.url, model: 'qwen3:8b', apiKeySecretName: '', attachOpenNote: false }));
  await app.loadPlugin(GlassboxPlugin, manifestJson);
  await act(async () => {
    app.commands.executeCommandById('glassbox:open-chat');
    await Promise.resolve();
  });
  const view = app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
  await sendMessage(view.contentEl, 'What is in Long 1?');
  const served = server;
  await until(() => !view.controller.store.getState().running && served.chats.length > 0);
  await act(async () => app.unloadPlugin(manifestJson.id));
  return served;
}

describe("a fresh chat session's requests to its model server", () => {
  it.each<[ImitatedServerKind | typeof PLAIN_OPENAI_COMPATIBLE, string[]]>([
    ['Ollama', ['/api/v0/models', '/props']],
    ['LM Studio', ['/api/tags', '/props']],
    ['llama.cpp', ['/api/tags', '/api/v0/models']],
    ['vLLM', ['/api/tags', '/api/v0/models', '/props']],
    [PLAIN_OPENAI_COMPATIBLE, ['/api/tags', '/api/v0/models', '/props']],
  ])('%s: each endpoint asked once for the model list and the window; 404 only at %j', async (kind, notFound) => {
    const { requests, chats } = await firstQuestion(kind);
    expect(chats.length).toBeGreaterThan(0);
    const asked = requests.filter((request) => request.path !== '/v1/chat/completions');
    const keys = asked.map((request) => `${request.method} ${request.path} ${request.body}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(asked.filter((request) => request.status === 404).map((request) => request.path).sort()).toEqual(notFound);
  });
});
