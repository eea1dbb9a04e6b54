import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findLocalServers, LOCAL_SERVER_PORTS, type LocalServerPort } from '../../../src/llm';
import { type ImitatedServer, type ImitatedServerKind, startImitatedServer } from '../../support/imitated-model-servers';

const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

async function imitate(kind: ImitatedServerKind, options: { window?: number; model?: string; otherModels?: string[]; apiKey?: string } = {}): Promise<ImitatedServer> {
  const server = await startImitatedServer(kind, { window: 8192, model: 'qwen3:8b', ...options });
  started.push(server);
  return server;
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  started.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return (server.address() as AddressInfo).port;
}

describe('findLocalServers', () => {
  it('looks at the five usual ports on loopback only', () => {
    expect(LOCAL_SERVER_PORTS).toEqual([
      { kind: 'Ollama', port: 11434 },
      { kind: 'LM Studio', port: 1234 },
      { kind: 'llama.cpp', port: 8080 },
      { kind: 'vLLM', port: 8000 },
      { kind: 'Jan', port: 1337 },
    ]);
  });

  it('finds Ollama, LM Studio, llama.cpp and vLLM with their models and what each server says about them', async () => {
    const ollama = await imitate('Ollama', { otherModels: ['llava:7b'] });
    const lmStudio = await imitate('LM Studio', { model: 'qwen2.5-7b-instruct', window: 16384 });
    const llamaCpp = await imitate('llama.cpp', { model: 'gpt-oss-20b', window: 4096 });
    const vllm = await imitate('vLLM', { model: 'Qwen/Qwen3-8B', window: 32768 });
    const ports: LocalServerPort[] = [
      { kind: 'Ollama', port: portOf(ollama.url) },
      { kind: 'LM Studio', port: portOf(lmStudio.url) },
      { kind: 'llama.cpp', port: portOf(llamaCpp.url) },
      { kind: 'vLLM', port: portOf(vllm.url) },
    ];
    const found = await findLocalServers({ ports });
    expect(found).toEqual([
      { kind: 'Ollama', baseUrl: `http://127.0.0.1:${portOf(ollama.url)}/v1`, needsKey: false, models: [{ id: 'qwen3:8b', tools: true, images: false }, { id: 'llava:7b', tools: true, images: false }] },
      { kind: 'LM Studio', baseUrl: `http://127.0.0.1:${portOf(lmStudio.url)}/v1`, needsKey: false, models: [{ id: 'qwen2.5-7b-instruct', window: 16384, tools: true, images: false }] },
      { kind: 'llama.cpp', baseUrl: `http://127.0.0.1:${portOf(llamaCpp.url)}/v1`, needsKey: false, models: [{ id: 'gpt-oss-20b', window: 4096, images: false }] },
      { kind: 'vLLM', baseUrl: `http://127.0.0.1:${portOf(vllm.url)}/v1`, needsKey: false, models: [{ id: 'Qwen/Qwen3-8B', window: 32768 }] },
    ]);
  });

  it('does not take another server on a port for the one that usually lives there', async () => {
    const web = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status":"ok"}');
    });
    const ollama = await imitate('Ollama');
    // A web app on llama.cpp's port, Ollama on vLLM's: neither answers that server's own endpoint.
    expect(await findLocalServers({ ports: [{ kind: 'llama.cpp', port: web }, { kind: 'vLLM', port: portOf(ollama.url) }] })).toEqual([]);
  });

  it('lists a server that wants a key (Jan) without its models, and skips ports nobody listens on', async () => {
    const jan = await imitate('vLLM', { apiKey: 'jan-key-123456', model: 'jan-v1-4b' });
    const closed = await listen(() => undefined);
    await started.pop()?.close();
    const found = await findLocalServers({ ports: [{ kind: 'Jan', port: portOf(jan.url) }, { kind: 'Ollama', port: closed }] });
    expect(found).toEqual([{ kind: 'Jan', baseUrl: `http://127.0.0.1:${portOf(jan.url)}/v1`, needsKey: true, models: [] }]);
  });

  it('does not take a 403 on Jan\'s port for Jan wanting a key', async () => {
    const forbidden = await listen((_request, response) => {
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end('{"error":"forbidden"}');
    });
    expect(await findLocalServers({ ports: [{ kind: 'Jan', port: forbidden }] })).toEqual([]);
  });

  it('lists no embedding models for the chat', async () => {
    const port = await listen((request, response) => {
      response.writeHead(request.url === '/api/v0/models' ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: [{ id: 'qwen2-vl-7b-instruct', type: 'vlm', state: 'not-loaded', max_context_length: 32768 }, { id: 'text-embedding-nomic-embed-text-v1.5', type: 'embeddings', state: 'not-loaded' }] }));
    });
    const [studio] = await findLocalServers({ ports: [{ kind: 'LM Studio', port }] });
    // Not loaded: the window it could load is not the one it will run with, so none is claimed.
    expect(studio?.models).toEqual([{ id: 'qwen2-vl-7b-instruct', images: true }]);
  });
});
