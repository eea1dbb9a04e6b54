import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ChatModel, LlmDelta, LlmRequest } from './chat-types';
import { ChunkDeltaMapper } from './chunk-delta-mapper';
import { hostOf, LlmAbortError, LlmError, LlmIncompatibleEndpointError, LlmNetworkError, LlmRateLimitError, LlmRequestError, LlmServerError, LlmStreamError, LlmTimeoutError, withoutCredentials } from './errors';
import { withErrorBodies } from './error-body-fetch';
import { withIdleTimeout } from './idle-timeout-fetch';
import { createSecretRedactor, redactErrorText } from './secret-redactor';
import { followingSameOriginRedirects } from './same-origin-redirects';
import { readingServerStreams, type ServerStreamState } from './server-stream-fetch';
import { openAiSdk } from './openai-sdk';
import { toLlmError } from './to-llm-error';
import { textPrefix } from './text-prefix';
import { toOpenAiParams } from './to-openai-params';
import { t } from '../i18n';

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
  /**
   * The most tokens one model call may write (`max_tokens`, issue 26): sent to the server, and
   * enforced here too, so a server that ignores it (or trickles a chunk every few seconds for
   * ever) still ends, with the finish reason `length`. Default {@link DEFAULT_MAX_OUTPUT_TOKENS}.
   */
  readonly maxOutputTokens?: number;
}

/** The default cap on what one model call writes: room for a long answer and a reasoning model's thinking. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 8192;

/**
 * Past these multiples of the cap the client ends the call itself. Loose on purpose, so a server
 * that honours `max_tokens` always ends first: chunks carry at least a token each, a token is
 * rarely more than 8 characters.
 */
const CHUNKS_PER_TOKEN_CAP = 1;
const CHARS_PER_TOKEN_CAP = 8;
/**
 * The byte cap of one response's body: a chunk's JSON around one token is about 200 bytes, so a
 * server that honours `max_tokens` ends long before; one 10 MB delta does not get through.
 */
const STREAM_BYTES_PER_TOKEN_CAP = 512;
const STREAM_BYTES_BASE = 1024 * 1024;

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
  const maxOutputTokens = options.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  const maxBytes = STREAM_BYTES_BASE + maxOutputTokens * STREAM_BYTES_PER_TOKEN_CAP;
  // ONE client for the model's life. Each attempt's fetch has its own idle timeout, error body and
  // stream state (the SDK rewraps what fetch throws: a "timeout" in the text becomes its own
  // cause-less timeout error, so an expiry is read from the attempt's fetch, not from whatever
  // error the SDK makes of it); the attempt hands them to the fetch with its request.
  const client = new (openAiSdk().OpenAI)({
    baseURL: options.baseUrl,
    // The SDK insists on a key; local servers ignore the header.
    apiKey: options.apiKey !== undefined && options.apiKey !== '' ? options.apiKey : 'no-key',
    fetch: attemptFetch(options.fetch, { idleTimeoutMs, maxBytes, baseUrl: options.baseUrl, shownUrl }),
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
  const maxOutputChars = maxOutputTokens * CHARS_PER_TOKEN_CAP;

  async function* stream(request: LlmRequest, signal: AbortSignal): AsyncGenerator<LlmDelta> {
    let params = toOpenAiParams(request);
    // The field that carries the cap: `max_tokens` is what every compatible server reads.
    let capField: 'max_tokens' | 'max_completion_tokens' | null = 'max_tokens';
    for (let attempt = 0; ; attempt++) {
      if (signal.aborted) throw new LlmAbortError({ cause: signal.reason });
      let yielded = false;
      let responseStarted = false;
      let expired: LlmTimeoutError | undefined;
      const streamState: ServerStreamState = { done: false };
      let errorBody: string | undefined;
      const hooks: AttemptHooks = {
        onTimeout: (keepAliveOnly) => (expired = new LlmTimeoutError({ baseUrl: shownUrl, timeoutMs: idleTimeoutMs, keepAliveOnly })),
        streamState,
        onErrorBody: (text) => (errorBody = text),
      };
      try {
        const sent: ChatCompletionCreateParamsStreaming = capField === null ? params : { ...params, [capField]: maxOutputTokens };
        const { data: sdkStream, response } = await client.chat.completions.create(sent, { signal, fetchOptions: withAttempt(hooks) }).withResponse();
        responseStarted = true;
        const mapper = new ChunkDeltaMapper({ holdStartChars: holdStartChars(request.model) });
        let chunks = 0;
        let outputChars = 0;
        for await (const chunk of sdkStream) {
          chunks++;
          for (const delta of mapper.push(chunk)) {
            yielded = true;
            if (delta.type === 'text' || delta.type === 'reasoning') {
              // One delta larger than what the cap leaves is cut to it, and the call ends there.
              const room = maxOutputChars - outputChars;
              outputChars += delta.text.length;
              if (delta.text.length > room) {
                yield { type: delta.type, text: textPrefix(delta.text, room) };
                break;
              }
            }
            yield delta;
          }
          if (chunks > maxOutputTokens * CHUNKS_PER_TOKEN_CAP + 8 || outputChars + mapper.argumentChars > maxOutputChars) {
            // Leaving the loop aborts the request; a tool call cut off here is dropped, not half-sent.
            yield { type: 'finish', reason: 'length' };
            return;
          }
        }
        // The SDK ends quietly when the request is aborted mid-stream.
        if (signal.aborted) throw new LlmAbortError({ cause: signal.reason });
        // The body passed its byte cap and was closed (sse-framer.ts): cut at the length limit, like the counts above.
        if (streamState.capped === true) {
          yield { type: 'finish', reason: 'length' };
          return;
        }
        // Not one event, and not an event stream: a web page or a single JSON document, not a cut.
        const contentType = response.headers.get('content-type');
        if (chunks === 0 && !/event-stream/i.test(contentType ?? '')) throw new LlmIncompatibleEndpointError({ baseUrl: shownUrl, contentType });
        // No finish reason is a cut only when `[DONE]` did not come either (LocalAI sends none).
        if (!mapper.finished && !streamState.done) throw new LlmStreamError({ reason: 'cut', baseUrl: shownUrl, providerMessage: 'the stream ended without a finish reason' });
        for (const delta of mapper.end()) {
          yielded = true;
          yield delta;
        }
        return;
      } catch (error) {
        const llmError = redactErrorText(expired ?? toLlmError(error, { baseUrl: shownUrl, model: request.model, signal, responseStarted, ...(errorBody !== undefined ? { errorBody } : {}) }), redactKey);
        if (!yielded && params.stream_options && rejectsStreamOptions(llmError)) {
          // Some older servers refuse `stream_options`; usage is optional, so ask again without it.
          params = { ...params, stream_options: undefined };
          attempt--;
          continue;
        }
        if (!yielded && capField === 'max_tokens' && rejectsMaxTokens(llmError)) {
          // OpenAI's reasoning models want `max_completion_tokens`; a server whose window cannot
          // hold the cap refuses it. Either way ask once more: the client's own cap still holds.
          capField = llmError instanceof LlmRequestError && /max_completion_tokens/.test(llmError.providerMessage ?? '') ? 'max_completion_tokens' : null;
          attempt--;
          continue;
        }
        const delay = retryDelay({ error: llmError, attempt, baseDelay, maxRetryAfter });
        if (yielded || attempt >= maxRetries || delay === undefined) throw llmError;
        // Said before the wait, so a 7 s retry-after is a visible step, not a bare spinner.
        yield { type: 'retry', reason: retryReason(llmError, shownUrl), delayMs: delay };
        await sleep(delay, signal);
      }
    }
  }

  return { stream };
}

/** What one attempt's fetch reports to the attempt: its idle timeout, the error body, the stream's end. */
interface AttemptHooks {
  /** The attempt waited too long: for any byte (false), or for more than keep-alive comments (true). */
  readonly onTimeout: (keepAliveOnly: boolean) => Error;
  readonly streamState: ServerStreamState;
  readonly onErrorBody: (text: string) => void;
}

/** Where an attempt's hooks ride with its request to the fetch: a symbol, so they never leave the process. */
const ATTEMPT = Symbol('glassbox.attempt');

/** The SDK's per-request fetch options. */
type SdkFetchOptions = NonNullable<NonNullable<Parameters<OpenAI['chat']['completions']['create']>[1]>['fetchOptions']>;

/** The request options that carry `hooks` (the SDK copies them, symbol keys included, into the fetch's init). */
function withAttempt(hooks: AttemptHooks): SdkFetchOptions {
  return { [ATTEMPT]: hooks } as SdkFetchOptions;
}

/** The client's fetch: each request through a fetch wrapped for its own attempt. */
function attemptFetch(base: typeof fetch | undefined, limits: { idleTimeoutMs: number; maxBytes: number; baseUrl: string; shownUrl: string }): typeof fetch {
  const { idleTimeoutMs, maxBytes, baseUrl, shownUrl } = limits;
  return (input, init) => {
    const { [ATTEMPT]: hooks, ...rest } = (init ?? {}) as RequestInit & { [ATTEMPT]?: AttemptHooks };
    if (hooks === undefined) throw new Error('A request of the chat model went out without its attempt.');
    // Redirects only within the base URL's origin; the body bounded in bytes; keep-alive comments are no progress.
    const sameOrigin = followingSameOriginRedirects(withIdleTimeout(base, idleTimeoutMs, () => hooks.onTimeout(false)), baseUrl, shownUrl);
    const attempt = readingServerStreams(withErrorBodies(sameOrigin, hooks.onErrorBody), hooks.streamState, { maxBytes, idle: { timeoutMs: idleTimeoutMs, onTimeout: () => hooks.onTimeout(true) } });
    return attempt(input, rest);
  };
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

function rejectsMaxTokens(error: LlmError): boolean {
  return error instanceof LlmRequestError && (error.status === 400 || error.status === 422) && /max_tokens|max_completion_tokens|in the completion|max_new_tokens/i.test(error.providerMessage ?? '');
}

/** Why an attempt is retried, in a few words naming the host: "Rate limited by api.example.com". */
function retryReason(error: LlmError, baseUrl: string): string {
  const host = hostOf(baseUrl);
  if (error instanceof LlmRateLimitError) return t('retry.rateLimited', { host });
  if (error instanceof LlmServerError) return t('retry.serverError', { host, status: String(error.status) });
  if (error instanceof LlmNetworkError) return t('retry.unreachable', { host });
  return t('retry.failed', { host });
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
