import { listModels } from '../../../src/obsidian/network/list-models';
import { scenario, startModelServer } from '../../../tools/model-server';
import { startImitatedServer } from '../../support/imitated-model-servers';

const nodeFetch: typeof fetch = (input, init) => fetch(input, init);

describe('listModels', () => {
  it("lists the endpoint's models, sorted, sending the key", async () => {
    const server = await startModelServer({ scenarios: { zeta: scenario().turn((t) => t.text('z')), alpha: scenario().turn((t) => t.text('a')) } });
    try {
      expect((await listModels({ baseUrl: `${server.url}/`, apiKey: 'sk-1', fetch: nodeFetch })).map((model) => model.id)).toEqual(['alpha', 'extractive', 'extractive-slow', 'zeta']);
      const listing = server.requests.find((request) => request.path === '/v1/models');
      expect(listing?.headers.authorization).toBe('Bearer sk-1');
    } finally {
      await server.close();
    }
  });

  it('says what each server says about its models: the window, tools, images', async () => {
    const ollama = await startImitatedServer('Ollama', { window: 8192, model: 'qwen3:8b', otherModels: ['gemma3:4b'] });
    const vllm = await startImitatedServer('vLLM', { window: 32768, model: 'Qwen/Qwen3-8B' });
    try {
      expect(await listModels({ baseUrl: ollama.url, fetch: nodeFetch })).toEqual([{ id: 'gemma3:4b', tools: true, images: false }, { id: 'qwen3:8b', tools: true, images: false }]);
      expect(await listModels({ baseUrl: vllm.url, fetch: nodeFetch })).toEqual([{ id: 'Qwen/Qwen3-8B', window: 32768 }]);
    } finally {
      await Promise.all([ollama.close(), vllm.close()]);
    }
  });

  it.each([
    ['an error status', () => Promise.resolve(new Response('{"data":[{"id":"x"}]}', { status: 404 }))],
    ['odd JSON', () => Promise.resolve(new Response('{"data":"nope"}', { status: 200 }))],
    ['a network failure', () => Promise.reject(new Error('offline'))],
  ])('gives an empty list on %s', async (_case, answer) => {
    expect(await listModels({ baseUrl: 'http://127.0.0.1:9/v1', fetch: answer })).toEqual([]);
  });

  it('sends nothing, the key included, to an address that is not a complete http(s) URL', async () => {
    const spy = jest.fn(() => Promise.resolve(new Response('{"data":[{"id":"x"}]}')));
    for (const baseUrl of ['http://192.168.1', 'ftp://models.example.com/v1', 'http://']) expect(await listModels({ baseUrl, apiKey: 'sk-1', fetch: spy })).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
  });
});
