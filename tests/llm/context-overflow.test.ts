import { contextOverflowOf } from '../../src/llm/context-overflow';

// Small copies of the overflow bodies in shared/fixtures/model-servers/errors (all of them are
// replayed through the SDK in tests/recorded/model-server-windows.test.ts).
const baseUrl = 'http://127.0.0.1:8080/v1';

describe('contextOverflowOf', () => {
  it('reads the window and the request size the body names', () => {
    const llama = { code: 400, message: 'the request exceeds the available context size. try increasing the context size or enable context shift', type: 'exceed_context_size_error', n_prompt_tokens: 14429, n_ctx: 8192 };
    expect(contextOverflowOf({ baseUrl, status: 400, body: llama, providerMessage: llama.message })).toMatchObject({ windowTokens: 8192, requestTokens: 14429 });
    const openai = { message: "This model's maximum context length is 4097 tokens. However, your messages resulted in 4363 tokens. Please reduce the length of the messages.", type: 'invalid_request_error', code: 'context_length_exceeded' };
    expect(contextOverflowOf({ baseUrl, status: 400, body: openai, providerMessage: openai.message })).toMatchObject({ windowTokens: 4097, requestTokens: 4363 });
  });

  it('knows the wordings without numbers, and says in one sentence what to do', () => {
    const error = contextOverflowOf({ baseUrl, status: 500, body: { code: 500, message: 'Context size has been exceeded.', type: 'server_error' }, providerMessage: 'Context size has been exceeded.' });
    expect(error?.windowTokens).toBeUndefined();
    expect(error?.userMessage).toBe('The request was too long for its context window at 127.0.0.1:8080; set a smaller context window.');
    expect(contextOverflowOf({ baseUrl, status: undefined, body: { code: 400, message: 'Token limit reached' }, providerMessage: 'Token limit reached' })).toBeDefined();
  });

  it('leaves every other error alone', () => {
    expect(contextOverflowOf({ baseUrl, status: 400, body: { error: 'registry.ollama.ai/library/gemma:2b does not support tools' }, providerMessage: 'registry.ollama.ai/library/gemma:2b does not support tools' })).toBeUndefined();
    expect(contextOverflowOf({ baseUrl, status: 401, body: { code: 'invalid_api_key' }, providerMessage: 'Incorrect API key provided' })).toBeUndefined();
  });
});
