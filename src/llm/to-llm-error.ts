import type { APIError } from 'openai';
import { contextOverflowOf } from './context-overflow';
import { openAiSdk } from './openai-sdk';
import {
  LlmAbortError,
  LlmAuthError,
  LlmEndpointNotFoundError,
  LlmError,
  LlmModelNotFoundError,
  LlmNetworkError,
  LlmRateLimitError,
  LlmRequestError,
  LlmServerError,
  LlmStreamError,
  withoutCredentials,
} from './errors';

/** What {@link toLlmError} needs to know about the failed call. */
export interface ToLlmErrorContext {
  readonly baseUrl: string;
  readonly model: string;
  readonly signal: AbortSignal;
  /** Whether the HTTP response had arrived (an error after it is a broken stream). */
  readonly responseStarted: boolean;
  /** The failed response's body as sent, when it was read (vLLM's top-level error is not in the SDK's `error`). */
  readonly errorBody?: string;
}

/** Turns whatever the SDK or fetch threw into one of our typed errors. */
export function toLlmError(error: unknown, context: ToLlmErrorContext): LlmError {
  if (error instanceof LlmError) return error;
  // The SDK is loaded once a model exists (./openai-chat-model), which is what throws these.
  const { APIConnectionError, APIError, APIUserAbortError } = openAiSdk();
  if (context.signal.aborted || error instanceof APIUserAbortError) return new LlmAbortError({ cause: error });
  const { baseUrl } = context;
  // Our own fetch wrappers' typed errors (a refused redirect) come back wrapped by the SDK.
  if (error instanceof APIConnectionError && error.cause instanceof LlmError) return error.cause;
  if (error instanceof APIConnectionError) {
    return new LlmNetworkError({ baseUrl, detail: describeCause(error), ...hostMessageOf(error), cause: error });
  }
  if (error instanceof APIError) {
    const apiError = error as APIError<number | undefined, Headers | undefined, object | undefined>;
    const providerMessage = providerMessageOf(apiError);
    const status = apiError.status;
    // A request too long for the window, whatever the status (400, 500, or inside a stream): the runner shrinks it.
    const overflow = contextOverflowOf({ baseUrl, status, ...overflowEvidenceOf(apiError, providerMessage, context.errorBody), cause: error });
    if (overflow !== undefined) return overflow;
    if (status === undefined) return new LlmStreamError({ reason: 'provider_error', baseUrl, providerMessage, cause: error });
    // A 403 is as often a region, plan or policy refusal as a key: "key rejected" only when its body says so.
    if (status === 401 || (status === 403 && (providerMessage === undefined || saysKeyIsWrong(providerMessage)))) return new LlmAuthError({ status, baseUrl, providerMessage, cause: error });
    if (status === 404) {
      return namesModel(apiError, providerMessage)
        ? new LlmModelNotFoundError({ model: context.model, baseUrl, providerMessage, cause: error })
        : new LlmEndpointNotFoundError({ baseUrl, providerMessage, cause: error });
    }
    if (status === 429) return new LlmRateLimitError({ baseUrl, providerMessage, retryAfterMs: retryAfterMs(apiError.headers), cause: error });
    if (status >= 500 || status === 408) return new LlmServerError({ status, baseUrl, providerMessage, cause: error });
    return new LlmRequestError({ status, baseUrl, providerMessage, cause: error });
  }
  if (error instanceof SyntaxError) {
    return new LlmStreamError({ reason: 'malformed_chunk', baseUrl, providerMessage: error.message, cause: error });
  }
  if (context.responseStarted) {
    return new LlmStreamError({ reason: 'cut', baseUrl, providerMessage: error instanceof Error ? error.message : undefined, cause: error });
  }
  return new LlmNetworkError({ baseUrl, detail: error instanceof Error ? error.message : String(error), ...hostMessageOf(error), cause: error });
}

// The body the SDK kept (`error`), else the whole body as sent (vLLM puts its message at the top level).
function overflowEvidenceOf(error: APIError<number | undefined, Headers | undefined, object | undefined>, providerMessage: string | undefined, errorBody: string | undefined): { body: unknown; providerMessage: string | undefined } {
  if (error.error !== undefined || errorBody === undefined) return { body: error.error, providerMessage };
  let body: unknown;
  try {
    body = JSON.parse(errorBody);
  } catch {
    return { body: undefined, providerMessage: providerMessage ?? withoutCredentials(errorBody) };
  }
  const message = body !== null && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? withoutCredentials(body.message) : providerMessage;
  return { body, providerMessage: message };
}

// "Invalid API key", "Incorrect API key provided", "invalid_api_key", "Unauthorized", "authentication failed", "invalid token".
function saysKeyIsWrong(message: string): boolean {
  return /api[\s_-]?key|unauthori[sz]ed|authenticat|\b(?:invalid|expired|missing|bad)[\s_-]+(?:access[\s_-]+)?token/i.test(message);
}

// A fetch given by the host may explain its own failure (`userMessage` on the error or its cause).
function hostMessageOf(error: unknown): { userMessage?: string } {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 3; current = current.cause, depth++) {
    const userMessage = (current as { userMessage?: unknown }).userMessage;
    if (typeof userMessage === 'string' && userMessage !== '') return { userMessage };
  }
  return {};
}

// OpenAI says `model_not_found`; Ollama, LM Studio and vLLM name the model in the message. A 404
// that does neither (a web server's "404 page not found") means the URL is wrong, not the model.
function namesModel(error: APIError<number | undefined, Headers | undefined, object | undefined>, providerMessage: string | undefined): boolean {
  const body: unknown = error.error;
  const code = body && typeof body === 'object' && 'code' in body ? body.code : undefined;
  return code === 'model_not_found' || /model/i.test(providerMessage ?? '');
}

function providerMessageOf(error: APIError<number | undefined, Headers | undefined, object | undefined>): string | undefined {
  const body: unknown = error.error;
  // A server may quote the request's URL, key parameter included, in its error ("Cannot POST /v1?key=…").
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return withoutCredentials(body.message);
  if (typeof body === 'string' && body !== '') return withoutCredentials(body);
  return undefined;
}

function describeCause(error: Error): string {
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    const inner: unknown = cause.cause;
    const code = inner && typeof inner === 'object' && 'code' in inner ? String(inner.code) : undefined;
    return code ? `${cause.message} (${code})` : cause.message;
  }
  return error.message;
}

/** Reads `retry-after-ms` or `retry-after` (seconds or an HTTP date) in milliseconds. */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
