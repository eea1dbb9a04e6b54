import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describeServer } from '../../src/llm';

// The listing endpoints of ../shared/fixtures/model-servers/context-window (see its README),
// served as the servers send them: the server is recognised and its models read with what it says.
const FIXTURES = join(__dirname, '../../../shared/fixtures/model-servers');
const read = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');

async function serve(routes: Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const body = routes[`${request.method ?? 'GET'} ${(request.url ?? '/').split('?')[0] ?? '/'}`];
    request.resume();
    request.on('end', () => {
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      response.end(body ?? '{"error":"not found"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}

describe('servers and their models as they list them (context-window/)', () => {
  const cases: [string, Record<string, string>, unknown][] = [
    [
      'LM Studio /api/v0/models: vlm takes images, embeddings kept apart, no window for models not loaded',
      { 'GET /api/v0/models': read('context-window/lmstudio__docs_api-v0-models_max_context_length.json') },
      { kind: 'LM Studio', needsKey: false, models: [{ id: 'qwen2-vl-7b-instruct', images: true }, { id: 'meta-llama-3.1-8b-instruct', images: false }, { id: 'text-embedding-nomic-embed-text-v1.5', images: false, embeddings: true }] },
    ],
    [
      'llama.cpp /props: the slot window and no vision, named by its model file without /v1/models',
      { 'GET /props': read('context-window/llamacpp__docs_props_n_ctx.json') },
      { kind: 'llama.cpp', needsKey: false, models: [{ id: 'Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf', window: 1024, images: false }] },
    ],
    [
      'llama.cpp /props with /v1/models: the listed id',
      { 'GET /props': read('context-window/llamacpp__docs_props_n_ctx.json'), 'GET /v1/models': read('context-window/llamacpp__docs_v1-models_meta_n_ctx_train.json') },
      { kind: 'llama.cpp', needsKey: false, models: [{ id: '../models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf', window: 1024, images: false }] },
    ],
    ['vLLM /v1/models: max_model_len', { 'GET /v1/models': read('context-window/vllm__v1-models_max_model_len.json') }, { kind: 'vLLM', needsKey: false, models: [{ id: 'phi-3.5-mini-instruct', window: 16384 }] }],
    [
      'Ollama /api/tags with /api/show capabilities (vision, no tools) and /api/ps (loaded window)',
      { 'GET /api/tags': JSON.stringify({ models: [{ name: 'gemma4', model: 'gemma4' }] }), 'POST /api/show': read('context-window/ollama__docs_api-show_model_info_context_length_num_ctx.json'), 'GET /api/ps': read('context-window/ollama__docs_api-ps_context_length.json') },
      { kind: 'Ollama', needsKey: false, models: [{ id: 'gemma4', window: 4096, tools: false, images: true }] },
    ],
    [
      'Ollama cloud /v1/models without lengths: another OpenAI-compatible server',
      { 'GET /v1/models': read('context-window/ollama__cloud_v1-models_no-context-length.json') },
      expect.objectContaining({ kind: undefined, needsKey: false }),
    ],
  ];
  it.each(cases)('%s', async (_name, routes, expected) => {
    const { url, server } = await serve(routes);
    try {
      await expect(describeServer({ baseUrl: url, timeoutMs: 2000 })).resolves.toEqual(expected);
    } finally {
      server.close();
    }
  });
});
