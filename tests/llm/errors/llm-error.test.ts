import { APIError } from 'openai';
import { LlmModelNotFoundError, LlmNetworkError, LlmTimeoutError } from '../../../src/llm';
import { toLlmError } from '../../../src/llm/to-llm-error';

const context = { baseUrl: 'http://localhost:11434/v1', model: 'llama3.1', signal: new AbortController().signal, responseStarted: false };
const fromStatus = (status: number) => toLlmError(APIError.generate(status, { message: 'no' }, undefined, new Headers()), context);

// Issue 27: an error says which setting fixes it as data, so each host words its own advice.
describe('the setting that fixes an endpoint error', () => {
  it('is named by a kind, with the problem apart from the plugin\'s advice', () => {
    expect(fromStatus(401)).toMatchObject({ fix: 'api_key', problem: 'The API key was rejected by localhost:11434.', userMessage: 'The API key was rejected by localhost:11434. Check the API key.' });
    expect(fromStatus(404)).toMatchObject({ fix: 'base_url', problem: 'Nothing answers chat requests at localhost:11434 under this base URL (HTTP 404).' });
    const model = new LlmModelNotFoundError({ model: 'llama3.1', baseUrl: context.baseUrl });
    expect(model).toMatchObject({ fix: 'model', problem: 'The model "llama3.1" was not found at localhost:11434.', userMessage: 'The model "llama3.1" was not found at localhost:11434. Check the model name.' });
    const timeout = new LlmTimeoutError({ baseUrl: context.baseUrl, timeoutMs: 1500 });
    expect(timeout).toMatchObject({ fix: 'response_timeout', problem: 'localhost:11434 sent nothing for 1.5 seconds, so Glassbox stopped waiting;' });
    expect(timeout.userMessage).toBe('localhost:11434 sent nothing for 1.5 seconds, so Glassbox stopped waiting; raise the response timeout if the model is just slow.');
    for (const error of [fromStatus(401), fromStatus(404), model, timeout]) expect((error as { problem?: string }).problem).not.toContain('Glassbox settings');
    // src/llm names no host: its own sentences name no settings tab either.
    for (const error of [fromStatus(401), fromStatus(404), model, timeout]) expect(error.userMessage).not.toContain('settings');
  });

  it('is absent when no setting fixes it', () => {
    const network = new LlmNetworkError({ baseUrl: context.baseUrl, cause: new TypeError('fetch failed') });
    expect('fix' in network).toBe(false);
    expect('problem' in network).toBe(false);
  });
});
