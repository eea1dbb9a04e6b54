import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAiChatModel, LlmTimeoutError } from '../../src/llm';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { collectStream } from '../support/collect-llm-stream';

// Issue 36 item 5: streams are bounded in bytes as well as tokens (DESIGN.md 13.1). The real SDK
// over HTTP: the scripted server, and a raw server for what no scripted turn sends.

let server: ModelServer;
let raw: Server;
let rawUrl: string;
beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      'ten-megabyte-delta': scenario().turn((t) => t.text('y'.repeat(10_000_000), { chunkChars: 10_000_000 })),
      'big-delta': scenario().turn((t) => t.text(`${'a'.repeat(799)}😀${'b'.repeat(5_000)}`, { chunkChars: 10_000 })),
      'big-reasoning': scenario().turn((t) => t.reasoning('r'.repeat(5_000), { chunkChars: 10_000 }).text('Never shown.')),
      'long-arguments': scenario().turn((t) => t.toolCall('readNote', { path: 'p'.repeat(2_000) }, { fragments: 10 })),
      small: scenario().turn((t) => t.text('Fits.')),
    },
  });
  // Keep-alive comments only, every 50 ms, for ever (until the client goes).
  raw = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const timer = setInterval(() => response.write(': ping\n\n'), 50);
    response.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  raw.closeAllConnections();
  await Promise.all([server.close(), new Promise((resolve) => raw.close(resolve))]);
});

describe('a byte cap per call and per delta', () => {
  it('never takes a 10 MB delta: the body stops at the byte cap and the call ends cut at its length limit', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }), { model: 'ten-megabyte-delta' });
    expect(result.error).toBeUndefined();
    expect(result.finish).toBe('length');
    expect(result.text.length).toBeLessThanOrEqual(8192 * 8);
  }, 30_000);

  it('cuts one delta to what the cap leaves (never half an emoji) and ends the call there', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0, maxOutputTokens: 100 }), { model: 'big-delta' });
    expect(result.text).toBe('a'.repeat(799));
    expect(result.finish).toBe('length');
  });

  it('cuts a reasoning delta the same way', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0, maxOutputTokens: 100 }), { model: 'big-reasoning' });
    expect(result.reasoning).toBe('r'.repeat(800));
    expect(result.text).toBe('');
    expect(result.finish).toBe('length');
  });

  it('counts tool-call arguments: a call past the cap is dropped, not run half', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0, maxOutputTokens: 100 }), { model: 'long-arguments' });
    expect(result.toolCalls).toEqual([]);
    expect(result.finish).toBe('length');
  });

  it('leaves an answer within the cap as it was', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0, maxOutputTokens: 100 }), { model: 'small' });
    expect(result).toMatchObject({ text: 'Fits.', finish: 'stop', error: undefined });
  });
});

describe('keep-alive comments alone', () => {
  it('end the call at the idle timeout, like silence does', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: rawUrl, maxRetries: 0, idleTimeoutMs: 400 }), { model: 'm' });
    expect(result.error).toBeInstanceOf(LlmTimeoutError);
    expect((result.error as LlmTimeoutError).userMessage).toBe(`${new URL(rawUrl).host} sent only keep-alive comments for 0.4 seconds, no part of an answer, so Glassbox stopped waiting; raise the response timeout if the model is just slow.`);
  }, 15_000);
});
