import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createOpenAiChatModel, discoverContextWindow, LlmContextOverflowError, type LlmDelta } from '../../src/llm';

// The context-window and overflow fixtures of ../shared/fixtures/model-servers (see its README),
// served as the servers send them and read through discovery and the real openai SDK.
const FIXTURES = join(__dirname, '../../../shared/fixtures/model-servers');
const read = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');

interface Route {
  readonly status: number;
  readonly body: string;
  readonly type?: string;
}

async function serve(routes: Record<string, Route>): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const route = routes[`${request.method ?? 'GET'} ${(request.url ?? '/').split('?')[0] ?? '/'}`];
    request.resume();
    request.on('end', () => {
      if (route === undefined) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end('{"error":"not found"}');
        return;
      }
      response.writeHead(route.status, { 'content-type': route.type ?? 'application/json' });
      response.end(route.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}

describe('context windows as the servers report them (context-window/)', () => {
  const cases: [string, Record<string, Route>, string, { tokens: number; source: string }][] = [
    ['llama.cpp /props n_ctx, not /v1/models n_ctx_train', { 'GET /props': { status: 200, body: read('context-window/llamacpp__docs_props_n_ctx.json') }, 'GET /v1/models': { status: 200, body: read('context-window/llamacpp__docs_v1-models_meta_n_ctx_train.json') } }, '../models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf', { tokens: 1024, source: 'llama.cpp /props' }],
    ['Ollama /api/ps context_length of the loaded model', { 'GET /api/ps': { status: 200, body: read('context-window/ollama__docs_api-ps_context_length.json') }, 'POST /api/show': { status: 200, body: read('context-window/ollama__docs_api-show_model_info_context_length_num_ctx.json') } }, 'gemma4', { tokens: 4096, source: 'Ollama /api/ps' }],
    ['Ollama /api/show num_ctx, not the trained gemma4.context_length', { 'GET /api/ps': { status: 200, body: '{"models":[]}' }, 'POST /api/show': { status: 200, body: read('context-window/ollama__docs_api-show_model_info_context_length_num_ctx.json') } }, 'gemma4', { tokens: 2048, source: 'Ollama num_ctx' }],
    ['vLLM /v1/models max_model_len', { 'GET /v1/models': { status: 200, body: read('context-window/vllm__v1-models_max_model_len.json') } }, 'phi-3.5-mini-instruct', { tokens: 16384, source: 'vLLM /v1/models' }],
    ['LM Studio /api/v1/models loaded instance, not max_context_length', { 'GET /api/v1/models': { status: 200, body: read('context-window/lmstudio__docs_api-v1-models_loaded_instances_context_length.json') } }, 'google/gemma-4-26b-a4b', { tokens: 4096, source: 'LM Studio /api/v1/models' }],
    ['LM Studio /api/v0/models not loaded: no window, the local default', { 'GET /api/v0/models': { status: 200, body: read('context-window/lmstudio__docs_api-v0-models_max_context_length.json') } }, 'meta-llama-3.1-8b-instruct', { tokens: 8192, source: 'default for a local server' }],
    ['Ollama cloud /v1/models without a length: the local default for a loopback host', { 'GET /v1/models': { status: 200, body: read('context-window/ollama__cloud_v1-models_no-context-length.json') } }, 'gemma4:31b', { tokens: 8192, source: 'default for a local server' }],
  ];
  it.each(cases)('%s', async (_name, routes, model, expected) => {
    const { url, server } = await serve(routes);
    try {
      await expect(discoverContextWindow({ baseUrl: url, model })).resolves.toMatchObject(expected);
    } finally {
      server.close();
    }
  });

  it('LM Studio /api/v0/models loaded_context_length (the partial capture, completed to parse)', async () => {
    const partial = read('context-window/lmstudio__api-v0-models_loaded_context_length_partial.txt').trim().replace(/,$/, '');
    const { url, server } = await serve({ 'GET /api/v0/models': { status: 200, body: `${partial}]}` } });
    try {
      await expect(discoverContextWindow({ baseUrl: url, model: 'devstral-small-2505-mlx' })).resolves.toMatchObject({ tokens: 4096, source: 'LM Studio /api/v0/models' });
    } finally {
      server.close();
    }
  });

  it('OpenRouter top_provider.context_length, not the model-level length (the JSONC capture without comments)', async () => {
    const entry = read('context-window/openrouter__api-v1-models_context_length-vs-top_provider.jsonc.txt').replace(/\/\/.*$/gm, '').replace(/,(\s*})/g, '$1');
    const { url, server } = await serve({ 'GET /v1/models': { status: 200, body: `{"data":[${entry}]}` } });
    try {
      await expect(discoverContextWindow({ baseUrl: url, model: 'xiaomi/mimo-v2.5' })).resolves.toMatchObject({ tokens: 32000, source: 'OpenRouter /models top_provider' });
    } finally {
      server.close();
    }
  });
});

describe('overflow errors as the servers send them (errors/)', () => {
  const pyrepr = (text: string) => text.replace(/'/g, '"').replace(/\bNone\b(?=[,}])/g, 'null').replace(/"This model"s/g, "\"This model's");
  const cases: [string, Route, { windowTokens?: number; requestTokens?: number }][] = [
    ['OpenAI context_length_exceeded', { status: 400, body: read('errors/openai__400_context_length_exceeded.json') }, { windowTokens: 4097, requestTokens: 4363 }],
    ['llama.cpp 400 exceed_context_size_error', { status: 400, body: read('errors/llamacpp__400_exceed_context_size_error_n_prompt_tokens_n_ctx.json') }, { windowTokens: 8192, requestTokens: 14429 }],
    ['llama.cpp 400, newer wording (truncated capture, cut where it breaks)', { status: 400, body: read('errors/llamacpp__400_exceed_context_size_error_truncated.txt') }, { windowTokens: 4096, requestTokens: 4390 }],
    ['llama.cpp 500 Context size has been exceeded', { status: 500, body: read('errors/llamacpp__500_context-size-exceeded_server_error.json') }, {}],
    ['vLLM 400 top-level object error', { status: 400, body: pyrepr(read('errors/vllm__400_max-context-length_object-error.pyrepr.txt')) }, { windowTokens: 32768, requestTokens: 41648 }],
    ['OpenRouter error chunk inside a 200 stream', { status: 200, type: 'text/event-stream', body: `${/^\s+(data: .*"Token limit reached".*)$/m.exec(read('errors/openrouter__minimax-m2_stream_http200_midstream-error-chunk.cassette.yaml'))?.[1] ?? ''}\n\ndata: [DONE]\n\n` }, {}],
  ];
  it.each(cases)('%s becomes LlmContextOverflowError', async (_name, route, expected) => {
    const { url, server } = await serve({ 'POST /v1/chat/completions': route });
    try {
      const model = createOpenAiChatModel({ baseUrl: url, maxRetries: 0 });
      const deltas: LlmDelta[] = [];
      let caught: unknown;
      try {
        for await (const delta of model.stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }, new AbortController().signal)) deltas.push(delta);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(LlmContextOverflowError);
      expect(caught).toMatchObject(expected);
    } finally {
      server.close();
    }
  });
});
