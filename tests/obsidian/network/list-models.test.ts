import { listModels, type JsonGet } from '../../../src/obsidian/network/list-models';
import { scenario, startModelServer } from '../../../tools/model-server';

const fetchGet: JsonGet = async ({ url, headers }) => {
  const response = await fetch(url, { headers });
  return { status: response.status, json: await response.json().catch(() => null) };
};

describe('listModels', () => {
  it("lists the endpoint's models, sorted, sending the key", async () => {
    const server = await startModelServer({ scenarios: { zeta: scenario().turn((t) => t.text('z')), alpha: scenario().turn((t) => t.text('a')) } });
    try {
      expect(await listModels({ baseUrl: `${server.url}/`, apiKey: 'sk-1', get: fetchGet })).toEqual(['alpha', 'extractive', 'extractive-slow', 'zeta']);
      expect(server.requests[0].headers.authorization).toBe('Bearer sk-1');
    } finally {
      await server.close();
    }
  });

  it.each([
    ['an error status', () => Promise.resolve({ status: 404, json: { data: [{ id: 'x' }] } })],
    ['odd JSON', () => Promise.resolve({ status: 200, json: { data: 'nope' } })],
    ['a network failure', () => Promise.reject(new Error('offline'))],
  ])('gives an empty list on %s', async (_case, get) => {
    expect(await listModels({ baseUrl: 'http://127.0.0.1:9/v1', get: get })).toEqual([]);
  });

  it('sends nothing, the key included, to an address that is not a complete http(s) URL', async () => {
    const get = jest.fn<ReturnType<JsonGet>, Parameters<JsonGet>>(() => Promise.resolve({ status: 200, json: { data: [{ id: 'x' }] } }));
    for (const baseUrl of ['http://192.168.1', 'ftp://models.example.com/v1', 'http://']) expect(await listModels({ baseUrl, apiKey: 'sk-1', get })).toEqual([]);
    expect(get).not.toHaveBeenCalled();
  });
});
