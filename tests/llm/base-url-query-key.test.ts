import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAiChatModel, LlmError, shownBaseUrl, withoutCredentials } from '../../src/llm';
import { startModelServer, type ModelServer } from '../../tools/model-server';
import { collectStream } from '../support/collect-llm-stream';

const SECRET = 'AIzaSy-s3cret-0123456789';

let server: ModelServer;
/** A server that quotes the request's URL in its error, as many web servers do ("Cannot POST /v1?key=…"). */
let quoting: Server;
let quotingUrl: string;
beforeAll(async () => {
  server = await startModelServer();
  quoting = createServer((request, response) => {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message: `Cannot ${request.method ?? ''} ${request.url ?? ''}` } }));
  });
  await new Promise<void>((resolve) => quoting.listen(0, '127.0.0.1', resolve));
  quotingUrl = `http://127.0.0.1:${(quoting.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => quoting.close(resolve));
});

const everyField = (error: LlmError & { baseUrl?: string }) => JSON.stringify({ message: error.message, userMessage: error.userMessage, baseUrl: error.baseUrl, stack: error.stack });

describe('a key sent as a query parameter of the base URL is never repeated', () => {
  it.each(['key', 'api_key', 'token', 'access_token', 'apiKey', 'subscription-key'])('?%s=…: the error of a real request names the endpoint without it, in every field', async (name) => {
    const baseUrl = `${server.url}?${name}=${SECRET}`;
    const result = await collectStream(createOpenAiChatModel({ baseUrl, maxRetries: 0 }), { model: 'extractive' });
    const error = result.error as LlmError & { baseUrl?: string };
    expect(error).toBeInstanceOf(LlmError);
    expect(error.baseUrl).toBe(`${server.url}?${name}=***`);
    expect(everyField(error)).not.toContain(SECRET);
  });

  it('nor when the server quotes the request URL in its error message', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: `${quotingUrl}?api_key=${SECRET}`, maxRetries: 0 }), { model: 'extractive' });
    const error = result.error as LlmError & { baseUrl?: string };
    expect(error.userMessage).toContain('Cannot POST /v1?api_key=***');
    expect(everyField(error)).not.toContain(SECRET);
  });
});

describe('withoutCredentials and shownBaseUrl', () => {
  it('hide the values of parameters named like keys and tokens, in the query and the fragment, and keep the rest', () => {
    expect(withoutCredentials(`POST https://generativelanguage.googleapis.com/v1beta/openai?key=${SECRET}: 400`)).toBe('POST https://generativelanguage.googleapis.com/v1beta/openai?key=***: 400');
    expect(withoutCredentials(`https://x.openai.azure.com/openai?api-version=2024-10-21&api-key=${SECRET}&deployment=gpt`)).toBe('https://x.openai.azure.com/openai?api-version=2024-10-21&api-key=***&deployment=gpt');
    expect(withoutCredentials(`http://h/v1?q=refunds&access_token=${SECRET}#id_token=${SECRET}`)).toBe('http://h/v1?q=refunds&access_token=***#id_token=***');
    expect(withoutCredentials(`"http://u:p@h/v1?client_secret=${SECRET}"`)).toBe('"http://h/v1?client_secret=***"');
    expect(withoutCredentials('http://localhost:11434/v1?model=qwen3&stream=true')).toBe('http://localhost:11434/v1?model=qwen3&stream=true');
  });

  it('shownBaseUrl also cleans a base URL typed without its scheme', () => {
    expect(shownBaseUrl(`alice:pw@api.example.com/v1?token=${SECRET}`)).toBe('api.example.com/v1?token=***');
    expect(shownBaseUrl(`api.example.com/v1?apikey=${SECRET}`)).toBe('api.example.com/v1?apikey=***');
  });
});
