import { runAgent } from '../../../src/agent/run-agent';
import { createOpenAiChatModel } from '../../../src/llm';
import { scenario, startModelServer, type ModelServer } from '../../../tools/model-server';

// Issue 38 item 15: OpenRouter's error chunk inside a 200 stream ("Token limit reached") was
// reported as Glassbox's own context-window sentence, the provider's words lost. The real SDK
// over HTTP to the scripted server.

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({ scenarios: { 'token-limit': scenario().turn((t) => t.reasoning('The user').streamError('Token limit reached')) } });
});
afterAll(() => server.close());

it("keeps the provider's words of an error chunk beside the context-window advice", async () => {
  const model = createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 });
  const result = await runAgent({ model, modelName: 'token-limit', tools: [], question: 'Hi.', history: [], signal: new AbortController().signal, onEvent: () => undefined });
  expect(result.status).toBe('error');
  const host = new URL(server.url).host;
  expect(result.error).toBe(`${host} reported an error while answering: “Token limit reached”. The request may have been too long for its context window; set a smaller context window.`);
});
