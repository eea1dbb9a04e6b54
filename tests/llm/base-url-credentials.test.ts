import { createOpenAiChatModel, LlmNetworkError, withoutCredentials } from '../../src/llm';
import { startModelServer, type ModelServer } from '../../tools/model-server';
import { collectStream } from '../support/collect-llm-stream';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});

describe('credentials in the base URL are never repeated', () => {
  it('fetch refuses such a URL; the error names the endpoint without them, in every field', async () => {
    const baseUrl = server.url.replace('http://', 'http://alice:s3cret-token@');
    const result = await collectStream(createOpenAiChatModel({ baseUrl, maxRetries: 0 }), { model: 'extractive' });
    expect(result.error).toBeInstanceOf(LlmNetworkError);
    const error = result.error as LlmNetworkError;
    expect(error.userMessage).toBe(`Could not reach ${server.url}. Check the base URL and that the server is running.`);
    expect(JSON.stringify({ message: error.message, userMessage: error.userMessage, baseUrl: error.baseUrl, stack: error.stack })).not.toMatch(/alice|s3cret/);
  });

  it('withoutCredentials takes the user name and password out of every URL in a text', () => {
    expect(withoutCredentials('Could not connect to https://u:p@host:8/v1: fetch failed for http://x@y/z')).toBe('Could not connect to https://host:8/v1: fetch failed for http://y/z');
  });
});
