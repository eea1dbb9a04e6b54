import OpenAI from 'openai';
import type { ChatModel, LlmDelta, LlmRequest } from './chat-types';
import { ChunkDeltaMapper } from './chunk-delta-mapper';
import { LlmAbortError, LlmError, LlmIncompatibleEndpointError, LlmRateLimitError, LlmRequestError, LlmStreamError, LlmTimeoutError, withoutCredentials } from './errors';
import { withIdleTimeout } from './idle-timeout-fetch';
import { createSecretRedactor, redactErrorText } from './secret-redactor';
import { toLlmError } from './to-llm-error';
import { toOpenAiParams } from './to-openai-params';

/** Options of {@link createOpenAiChatModel}. */
export interface OpenAiChatModelOptions {
  /** The OpenAI-compatible base URL, e.g. `http://localhost:11434/v1`. */
  readonly baseUrl: string;
  /** The API key; local servers usually need none. */
  readonly apiKey?: string;
  /** The fetch to use (inside Obsidian one that streams); default the global fetch, which the SDK picks itself. */
  readonly fetch?: typeof fetch;
  /** Retries before the first delta, for 429, 5xx and network errors. Default 2. */
  readonly maxRetries?: number;
  /** First backoff delay; doubles per retry. Default 250 ms. */
  readonly retryBaseDelayMs?: number;
  /** The longest server-requested `retry-after` we wait for; longer ones fail at once. Default 8 s. */
  readonly maxRetryAfterMs?: number;
  /**
   * The missing-opening-tag window of the `<think>` splitter (see `ThinkTagSplitter`), or a
   * function of the model name. Default {@link defaultHoldStartChars}: 2,000 characters for model
   * names whose chat templates are known to put `<think>` in the prompt (Qwen3, QwQ, DeepSeek R1
   * and its distills), 0 (stream at once) for every other model.
   */
  readonly holdStartChars?: number | ((model: string) => number);
  /**
   * The longest wait for the next byte from the endpoint (the response headers, then each piece
   * of the stream); then the call fails with `LlmTimeoutError`, keeping what streamed. Default
   * {@link DEFAULT_IDLE_TIMEOUT_MS}.
   */
  readonly idleTimeoutMs?: number;
}

/** The default longest wait for the next byte from the endpoint: 120 s (DESIGN.md 11.4). */
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_RETRY_BASE_DELAY_MS = 250;
const DEFAULT_MAX_RETRY_AFTER_MS = 8000;

/**
 * A {@link ChatModel} over the `openai` SDK. Each `stream` call makes one streamed chat
 * completion and yields text, reasoning, finished tool calls, usage and the finish reason.
 *
 * Errors are `LlmError` subclasses; an abort through the signal throws an error named
 * `AbortError`. A failed attempt is retried (429, 5xx, network; exponential backoff, honouring
 * `retry-after` up to a cap) only while nothing has been yielded: a retry never repeats tokens.
 */
export function createOpenAiChatModel(options: OpenAiChatModelOptions): ChatModel {
  // Errors name the endpoint as the user can see it, without the credentials a base URL may hold.
  const shownUrl = withoutCredentials(options.baseUrl);
  // A provider may quote the key it rejected; no message of ours repeats it (DESIGN.md 12.6).
  const redactKey = createSecretRedactor(options.apiKey !== undefined ? [{ value: options.apiKey, suffix: true }] : []);
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  // A client per attempt, over a fetch with its own idle timeout: the SDK rewraps what fetch
  // throws (a "timeout" in the text becomes its own cause-less timeout error), so an expiry is
  // read from the attempt's fetch, not from whatever error the SDK makes of it.
  const clientFor = (onTimeout: () => Error): OpenAI =>
    new OpenAI({
      baseURL: options.baseUrl,
      // The SDK insists on a key; local servers ignore the header.
      apiKey: options.apiKey !== undefined && options.apiKey !== '' ? options.apiKey : 'no-key',
      fetch: withIdleTimeout(options.fetch, idleTimeoutMs, onTimeout),
      dangerouslyAllowBrowser: true,
      // We retry ourselves, because only we know whether a token has been shown.
      maxRetries: 0,
      // Failures reach the caller as typed errors; the SDK's own console logging would only duplicate them.
      logLevel: 'off',
    });
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const baseDelay = options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
  const maxRetryAfter = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const hold = options.holdStartChars ?? defaultHoldStartChars;
  const holdStartChars = (model: string): number => (typeof hold === 'number' ? hold : hold(model));

  async function* stream(request: LlmRequest, signal: AbortSignal): AsyncGenerator<LlmDelta> {
    let params = toOpenAiParams(request);
    for (let attempt = 0; ; attempt++) {
      if (signal.aborted) throw new LlmAbortError({ cause: signal.reason });
      let yielded = false;
      let responseStarted = false;
      let expired: LlmTimeoutError | undefined;
      const client = clientFor(() => (expired = new LlmTimeoutError({ baseUrl: shownUrl, timeoutMs: idleTimeoutMs })));
      try {
        const { data: sdkStream, response } = await client.chat.completions.create(params, { signal }).withResponse();
        responseStarted = true;
        const mapper = new ChunkDeltaMapper({ holdStartChars: holdStartChars(request.model) });
        let chunks = 0;
        for await (const chunk of sdkStream) {
          chunks++;
          for (const delta of mapper.push(chunk)) {
            yielded = true;
            yield delta;
          }
        }
        // The SDK ends quietly when the request is aborted mid-stream.
        if (signal.aborted) throw new LlmAbortError({ cause: signal.reason });
        // Not one event, and not an event stream: a web page or a single JSON document, not a cut.
        const contentType = response.headers.get('content-type');
        if (chunks === 0 && !/event-stream/i.test(contentType ?? '')) throw new LlmIncompatibleEndpointError({ baseUrl: shownUrl, contentType });
        if (!mapper.finished) throw new LlmStreamError({ reason: 'cut', baseUrl: shownUrl, providerMessage: 'the stream ended without a finish reason' });
        for (const delta of mapper.end()) {
          yielded = true;
          yield delta;
        }
        return;
      } catch (error) {
        const llmError = redactErrorText(expired ?? toLlmError(error, { baseUrl: shownUrl, model: request.model, signal, responseStarted }), redactKey);
        if (!yielded && params.stream_options && rejectsStreamOptions(llmError)) {
          // Some older servers refuse `stream_options`; usage is optional, so ask again without it.
          params = { ...params, stream_options: undefined };
          attempt--;
          continue;
        }
        const delay = retryDelay({ error: llmError, attempt, baseDelay, maxRetryAfter });
        if (yielded || attempt >= maxRetries || delay === undefined) throw llmError;
        await sleep(delay, signal);
      }
    }
  }

  return { stream };
}

/**
 * How long the splitter holds the start of the content for a model: models whose chat template
 * opens `<think>` inside the prompt stream reasoning first with only `</think>` in the content,
 * and their reasoning is long, so their window is long; other models stream at once.
 */
export function defaultHoldStartChars(model: string): number {
  return /qwen3|qwq|deepseek-r1|r1-distill|-r1\b/i.test(model) ? 2000 : 0;
}

function rejectsStreamOptions(error: LlmError): boolean {
  return error instanceof LlmRequestError && (error.status === 400 || error.status === 422) && /stream_options|include_usage/i.test(error.providerMessage ?? '');
}

/** The wait before the next attempt, or undefined when this error must not be retried. */
function retryDelay(options: { error: LlmError; attempt: number; baseDelay: number; maxRetryAfter: number }): number | undefined {
  const { error, attempt, baseDelay, maxRetryAfter } = options;
  if (!error.retryable) return undefined;
  const backoff = baseDelay * 2 ** attempt;
  if (error instanceof LlmRateLimitError && error.retryAfterMs !== undefined) {
    if (error.retryAfterMs > maxRetryAfter) return undefined;
    return Math.max(backoff, error.retryAfterMs);
  }
  return backoff;
}

// The model runs in Node too (the CLI), where there is no `window`; a Node timer also keeps the
// process alive during the backoff, which `AbortSignal.timeout` would not (eslint.config.mjs).
function sleep(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    const onAbort = (): void => {
        clearTimeout(timer);
      reject(new LlmAbortError({ cause: signal.reason }));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
