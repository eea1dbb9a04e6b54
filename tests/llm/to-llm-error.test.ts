import { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { LlmAbortError, LlmNetworkError, LlmServerError, LlmStreamError } from '../../src/llm';
import { retryAfterMs, toLlmError } from '../../src/llm/to-llm-error';

const context = { baseUrl: 'http://localhost:11434/v1', model: 'llama3.1', signal: new AbortController().signal, responseStarted: false };

describe('retryAfterMs', () => {
  it('reads retry-after-ms, seconds and HTTP dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '1500' }))).toBe(1500);
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }))).toBe(3000);
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 22 Nov 2026 00:00:05 GMT' }), now)).toBe(5000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(new Headers())).toBeUndefined();
  });
});

describe('toLlmError', () => {
  it('maps SDK errors onto our classes', () => {
    expect(toLlmError(new APIUserAbortError(), context)).toBeInstanceOf(LlmAbortError);
    expect(toLlmError(new APIConnectionError({ message: 'Connection error.' }), context)).toBeInstanceOf(LlmNetworkError);
    expect(toLlmError(APIError.generate(502, { message: 'bad gateway' }, undefined, new Headers()), context)).toBeInstanceOf(LlmServerError);
    expect(toLlmError(new SyntaxError('malformed'), { ...context, responseStarted: true })).toMatchObject({ reason: 'malformed_chunk' });
    expect(toLlmError(new TypeError('terminated'), { ...context, responseStarted: true })).toBeInstanceOf(LlmStreamError);
    expect(toLlmError(new TypeError('fetch failed'), context)).toBeInstanceOf(LlmNetworkError);
  });

  it('treats anything after an abort as the abort', () => {
    const controller = new AbortController();
    controller.abort();
    const error = toLlmError(new TypeError('terminated'), { ...context, signal: controller.signal });
    expect(error.name).toBe('AbortError');
    expect(error.userMessage).toBe('Stopped.');
  });
});
