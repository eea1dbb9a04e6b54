import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAiChatModel, LlmStreamError } from '../../src/llm';
import { startModelServer, type ModelServer } from '../../tools/model-server';
import { collectStream } from '../support/collect-llm-stream';

// Streams as servers send them, written here in small (the recorded ones run in
// tests/recorded/model-server-streams.test.ts): the real SDK over HTTP to the replaying server.
const chunk = (delta: Record<string, unknown>, finish: string | null = null): string => JSON.stringify({ id: '', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });

let server: ModelServer;
let directory: string;
beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'glassbox-streams-'));
  // Ollama's native NDJSON (`/api/chat` lines), ending in an error line.
  writeFileSync(
    join(directory, 'chat.ndjson'),
    ['{"model":"m","message":{"role":"assistant","content":"Refunds take"},"done":false}', '{"model":"m","message":{"role":"assistant","content":" 14 days"},"done":false}', '{"error":"model runner has unexpectedly stopped"}'].join('\n'),
  );
  writeFileSync(
    join(directory, 'chat-done.ndjson'),
    ['{"model":"m","message":{"role":"assistant","thinking":"Short."},"done":false}', '{"model":"m","message":{"role":"assistant","content":"Yes."},"done":false}', '{"model":"m","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","prompt_eval_count":26,"eval_count":3}'].join('\n'),
  );
  // OpenRouter: comment lines between events, then an error chunk inside the 200 stream.
  writeFileSync(
    join(directory, 'comments.sse'),
    `: OPENROUTER PROCESSING\n\ndata: ${chunk({ role: 'assistant', content: 'Partial' })}\n\n: OPENROUTER PROCESSING\n\ndata: ${chunk({ content: ' answer' })}\n\ndata: ${JSON.stringify({ error: { code: 502, message: 'Upstream provider went away' }, choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }] })}\n\ndata: [DONE]\n\n`,
  );
  // A `finish_reason` of "" and then none at all, ended by [DONE] (LocalAI).
  writeFileSync(join(directory, 'no-finish.sse'), `data: ${chunk({ content: 'All' }, '')}\n\ndata: ${chunk({ content: ' here' })}\n\ndata: [DONE]\n\n`);
  server = await startModelServer({ fixturesDir: directory });
});
afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

const replay = (name: string) => collectStream(createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }), { model: `replay:${name}` });

describe('streams as servers send them', () => {
  it("ends Ollama's NDJSON stream at its error line with Ollama's message, keeping the text before it", async () => {
    const result = await replay('chat.ndjson');
    expect(result.text).toBe('Refunds take 14 days');
    expect(result.error).toBeInstanceOf(LlmStreamError);
    expect((result.error as LlmStreamError).providerMessage).toBe('model runner has unexpectedly stopped');
  });

  it("reads a whole NDJSON answer: thinking, text, Ollama's counts and done_reason", async () => {
    const result = await replay('chat-done.ndjson');
    expect(result).toMatchObject({ text: 'Yes.', reasoning: 'Short.', usage: { promptTokens: 26, completionTokens: 3 }, finish: 'stop', error: undefined });
  });

  it('ignores SSE comments and ends at an error chunk with the provider message, keeping the partial answer', async () => {
    const result = await replay('comments.sse');
    expect(result.text).toBe('Partial answer');
    expect((result.error as LlmStreamError).providerMessage).toBe('Upstream provider went away');
  });

  it('takes a stream with no finish reason but [DONE] as whole', async () => {
    const result = await replay('no-finish.sse');
    expect(result).toMatchObject({ text: 'All here', finish: 'other', error: undefined });
  });
});
