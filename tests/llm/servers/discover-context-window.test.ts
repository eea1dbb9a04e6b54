import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContextWindowCache, describeServer, discoverContextWindow, isLocalHost, ServerAnswers } from '../../../src/llm';

// Discovery against loopback servers (the representative shapes written here; every recorded
// payload is replayed in tests/recorded/model-server-windows.test.ts).

async function serve(answer: (method: string, path: string) => { status: number; body: unknown } | 'hang' | undefined): Promise<{ url: string; server: Server; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const path = `${request.method ?? ''} ${request.url ?? ''}`;
    paths.push(path);
    const found = answer(request.method ?? 'GET', request.url ?? '/');
    if (found === 'hang') return;
    response.writeHead(found?.status ?? 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found?.body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server, paths };
}

describe('discoverContextWindow', () => {
  it('prefers the window Ollama loaded the model with over its num_ctx and the trained length', async () => {
    const { url, server } = await serve((method, path) => {
      if (path === '/api/ps') return { status: 200, body: { models: [{ name: 'qwen3:latest', model: 'qwen3:latest', context_length: 8192 }] } };
      if (method === 'POST' && path === '/api/show') return { status: 200, body: { parameters: 'num_ctx 2048', model_info: { 'qwen3.context_length': 40960 } } };
      return undefined;
    });
    try {
      await expect(discoverContextWindow({ baseUrl: url, model: 'qwen3' })).resolves.toEqual({ tokens: 8192, source: 'Ollama /api/ps', server: 'Ollama' });
    } finally {
      server.close();
    }
  });

  it('gives a server that reports nothing the local default, and one that does not answer in time too', async () => {
    const { url, server } = await serve((_method, path) => (path === '/props' ? 'hang' : undefined));
    try {
      await expect(discoverContextWindow({ baseUrl: url, model: 'm', timeoutMs: 200 })).resolves.toEqual({ tokens: 8192, source: 'default for a local server' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('asks once per endpoint and model; a setting wins without asking', async () => {
    const { url, server, paths } = await serve((_method, path) => (path === '/props' ? { status: 200, body: { default_generation_settings: { n_ctx: 4096 } } } : undefined));
    try {
      const cache = new ContextWindowCache();
      await expect(cache.get({ baseUrl: url, model: 'm' })).resolves.toMatchObject({ tokens: 4096, source: 'llama.cpp /props' });
      const asked = paths.length;
      await cache.get({ baseUrl: `${url}/`, model: 'm' });
      expect(paths).toHaveLength(asked);
      await expect(cache.get({ baseUrl: url, model: 'm', setting: 16_384 })).resolves.toEqual({ tokens: 16_384, source: 'setting' });
      expect(paths).toHaveLength(asked);
    } finally {
      server.close();
    }
  });
});

describe('discoverContextWindow asks a recognised server only its own endpoints', () => {
  const identifying = ['GET /api/tags', 'GET /api/v0/models', 'GET /props', 'GET /v1/models'];

  it.each<[string, (method: string, path: string) => { status: number; body: unknown } | undefined, string[], { tokens: number; source: string }]>([
    ['llama.cpp', (_method, path) => (path === '/props' ? { status: 200, body: { default_generation_settings: { n_ctx: 4096 } } } : undefined), [], { tokens: 4096, source: 'llama.cpp /props' }],
    [
      'Ollama',
      (method, path) => (path === '/api/tags' ? { status: 200, body: { models: [{ name: 'm:latest' }] } } : path === '/api/ps' ? { status: 200, body: { models: [] } } : method === 'POST' && path === '/api/show' ? { status: 200, body: { parameters: 'num_ctx 16384' } } : undefined),
      ['GET /api/ps', 'POST /api/show'],
      { tokens: 16384, source: 'Ollama num_ctx' },
    ],
    ['LM Studio with the model not loaded', (_method, path) => (path === '/api/v0/models' ? { status: 200, body: { data: [{ id: 'm', type: 'llm', state: 'not-loaded' }] } } : undefined), ['GET /api/v1/models'], { tokens: 8192, source: 'default for a local server' }],
    ['vLLM', (_method, path) => (path === '/v1/models' ? { status: 200, body: { data: [{ id: 'm', owned_by: 'vllm', max_model_len: 32768 }] } } : undefined), [], { tokens: 32768, source: 'vLLM /v1/models' }],
    ['another OpenAI-compatible server', (_method, path) => (path === '/v1/models' ? { status: 200, body: { data: [{ id: 'm', owned_by: 'someone' }] } } : undefined), [], { tokens: 8192, source: 'default for a local server' }],
  ])('%s', async (_server, answer, ownEndpoints, window) => {
    const { url, server, paths } = await serve(answer);
    try {
      await expect(discoverContextWindow({ baseUrl: url, model: 'm' })).resolves.toMatchObject(window);
      expect(paths.sort()).toEqual([...identifying, ...ownEndpoints].sort());
    } finally {
      server.close();
    }
  });

  it('reads what the model list asked when it shares its answers: no endpoint asked twice', async () => {
    const { url, server, paths } = await serve((method, path) =>
      path === '/api/tags' ? { status: 200, body: { models: [{ name: 'qwen3:8b' }] } } : path === '/api/ps' ? { status: 200, body: { models: [{ name: 'qwen3:8b', context_length: 8192 }] } } : method === 'POST' && path === '/api/show' ? { status: 200, body: { capabilities: ['completion', 'tools'] } } : path === '/v1/models' ? { status: 200, body: { data: [{ id: 'qwen3:8b' }] } } : undefined,
    );
    try {
      const answers = new ServerAnswers();
      await expect(describeServer({ baseUrl: url, timeoutMs: 2000, answers })).resolves.toMatchObject({ kind: 'Ollama', models: [{ id: 'qwen3:8b', window: 8192, tools: true }] });
      await expect(discoverContextWindow({ baseUrl: url, model: 'qwen3:8b', answers })).resolves.toEqual({ tokens: 8192, source: 'Ollama /api/ps', server: 'Ollama' });
      expect(paths.sort()).toEqual(['GET /api/ps', 'GET /api/tags', 'GET /api/v0/models', 'GET /props', 'GET /v1/models', 'POST /api/show']);
    } finally {
      server.close();
    }
  });
});

describe('isLocalHost', () => {
  it.each([
    ['http://localhost:11434/v1', true],
    ['http://127.0.0.1:8080', true],
    ['http://192.168.1.20:1234/v1', true],
    ['http://10.0.0.5/v1', true],
    ['http://[::1]:8080/v1', true],
    ['http://gpu-box.local:11434/v1', true],
    ['https://api.openai.com/v1', false],
    ['https://openrouter.ai/api/v1', false],
    ['not a url', false],
  ])('%s → %s', (url, local) => {
    expect(isLocalHost(url)).toBe(local);
  });
});
