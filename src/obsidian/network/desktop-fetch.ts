import { Platform } from 'obsidian';
import { toRequestBytes } from './desktop-fetch-body';
import type { NodeHttpModule, NodeIncomingMessage, NodeRequire } from './node-http-types';

/** Options of {@link createDesktopFetch}; both exist so tests can run it in plain Node. */
export interface DesktopFetchOptions {
  /** Whether this is the desktop app; default Obsidian's `Platform.isDesktopApp`. */
  readonly isDesktop?: boolean;
  /** Node's `require`; default the renderer's global `require` (desktop only). */
  readonly require?: NodeRequire;
  /** Redirect hops followed before the request fails like fetch does. Default 5. */
  readonly maxRedirects?: number;
}

const DEFAULT_MAX_REDIRECTS = 5;
/** Bodies of these statuses must be null in a `Response`. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * A `fetch` for the Obsidian desktop app that goes through Node's `http`/`https` instead of the
 * renderer's fetch: the renderer's requests carry the `app://obsidian.md` origin and many local
 * servers (LM Studio, vLLM, llama.cpp) refuse it by CORS, while Obsidian's `requestUrl` waits for
 * the whole body and so cannot stream. The response body is a `ReadableStream` fed as chunks
 * arrive; the request's `AbortSignal` destroys the socket. Redirects are followed (up to
 * `maxRedirects`) unless `redirect: 'manual'` (returned as is) or `'error'`.
 *
 * Node's modules are required when the returned function is first called, never when this
 * module loads, so the mobile bundle loads without them. Returns null on mobile or when no
 * `require` exists; the caller then keeps the global fetch.
 */
export function createDesktopFetch(options: DesktopFetchOptions = {}): typeof fetch | null {
  const isDesktop = options.isDesktop ?? Platform.isDesktopApp;
  const nodeRequire = options.require ?? globalRequire();
  if (!isDesktop || !nodeRequire) return null;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const desktopFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = await normalizeRequest(input, init);
    const signal = request.signal;
    if (signal?.aborted) throw abortReason(signal);
    let url = request.url;
    let method = request.method;
    let body = request.body;
    const headers = request.headers;
    for (let hop = 0; ; hop++) {
      const response = await sendTryingIpv4Loopback({ nodeRequire, url, method, headers, body, signal });
      if (signal?.aborted) {
        // Aborted between the headers and here (a microtask): no body listener is attached yet.
        response.destroy();
        throw abortReason(signal);
      }
      const location = response.headers.location;
      if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || typeof location !== 'string' || request.redirect === 'manual') {
        return toResponse({ message: response, url, method, signal, destroy: () => response.destroy() });
      }
      response.destroy();
      if (request.redirect === 'error') throw new TypeError(`fetch failed: redirected to ${location} with redirect: "error"`);
      if (hop >= maxRedirects) throw new TypeError(`fetch failed: more than ${maxRedirects} redirects`);
      const next = new URL(location, url);
      // As fetch: a cross-origin hop must not carry the key (the configured endpoint only gets it).
      if (next.origin !== new URL(url).origin) headers.delete('authorization');
      const status = response.statusCode ?? 0;
      if (status === 303 ? method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST') {
        method = 'GET';
        body = null;
        headers.delete('content-type');
      }
      url = next.href;
    }
  };
  return desktopFetch;
}

interface NormalizedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: Uint8Array | null;
  readonly signal: AbortSignal | null;
  readonly redirect: RequestRedirect;
}

async function normalizeRequest(input: RequestInfo | URL, init: RequestInit): Promise<NormalizedRequest> {
  const fromRequest = typeof input === 'object' && !(input instanceof URL) ? input : null;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new TypeError(`fetch failed: invalid URL ${url}`, { cause: error });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`fetch failed: unsupported scheme ${parsed.protocol}`);
  const headers = new Headers(init.headers ?? fromRequest?.headers);
  const bodyInit = init.body !== undefined ? init.body : fromRequest?.body ? await fromRequest.arrayBuffer() : null;
  const encoded = await toRequestBytes(bodyInit);
  if (encoded.contentType && !headers.has('content-type')) headers.set('content-type', encoded.contentType);
  return {
    url: parsed.href,
    method: (init.method ?? fromRequest?.method ?? 'GET').toUpperCase(),
    headers,
    body: encoded.bytes,
    signal: init.signal ?? fromRequest?.signal ?? null,
    redirect: init.redirect ?? fromRequest?.redirect ?? 'follow',
  };
}

interface SendOptions {
  readonly nodeRequire: NodeRequire;
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: Uint8Array | null;
  readonly signal: AbortSignal | null;
}

/** Connection errors after which `localhost` is worth trying again on 127.0.0.1. */
const LOOPBACK_RETRY_CODES = new Set(['ECONNREFUSED', 'EADDRNOTAVAIL', 'EAFNOSUPPORT', 'ENETUNREACH', 'EHOSTUNREACH']);

/**
 * {@link send}, and for `localhost` a second try on 127.0.0.1 when the first connection failed:
 * Node resolves `localhost` in the system's order, often `::1` first, while Ollama and other
 * local servers listen on 127.0.0.1 only (`ECONNREFUSED ::1:11434`). Chromium tries both.
 */
async function sendTryingIpv4Loopback(options: SendOptions): Promise<NodeIncomingMessage> {
  try {
    return await send(options);
  } catch (error) {
    const url = new URL(options.url);
    if (url.hostname !== 'localhost' || !LOOPBACK_RETRY_CODES.has(errorCode(error) ?? '') || options.signal?.aborted) throw error;
    const host = url.host;
    url.hostname = '127.0.0.1';
    const headers = new Headers(options.headers);
    // The server still sees the name the user configured.
    headers.set('host', host);
    return await send({ ...options, url: url.href, headers });
  }
}

/** The Node error code (`ECONNREFUSED`, `ENOTFOUND`, `CERT_HAS_EXPIRED`, ...) behind a failed fetch, if any. */
export function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    // Node's happy-eyeballs connect fails with an AggregateError of one error per address.
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.length > 0) return errorCode(inner[0]);
  }
  return undefined;
}

/** Sends one request and resolves with the response once its headers are in. */
function send(options: SendOptions): Promise<NodeIncomingMessage> {
  const { url, method, body, signal } = options;
  // Required here, at call time: mobile has no Node and the bundle must load without it.
  const http = options.nodeRequire(url.startsWith('https:') ? 'https' : 'http') as NodeHttpModule;
  const headers: Record<string, string> = {};
  options.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // Compressed streams arrive in bursts; ask for plain bytes unless the caller chose otherwise.
  headers['accept-encoding'] ??= 'identity';
  if (body) headers['content-length'] = String(body.byteLength);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const request = http.request(url, { method, headers });
    const onAbort = (): void => {
      request.destroy();
      reject(abortReason(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error: unknown) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new TypeError('fetch failed', { cause: error }));
    });
    request.on('response', (response: NodeIncomingMessage) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(response);
    });
    request.end(body ?? undefined);
  });
}

interface ToResponseOptions {
  readonly message: NodeIncomingMessage;
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal | null;
  readonly destroy: () => void;
}

/** Wraps the Node response in a `Response` whose body streams the chunks as they arrive. */
function toResponse(options: ToResponseOptions): Response {
  const { message, signal } = options;
  const status = message.statusCode ?? 0;
  const headers = new Headers();
  for (let index = 0; index + 1 < message.rawHeaders.length; index += 2) {
    headers.append(message.rawHeaders[index], message.rawHeaders[index + 1]);
  }
  const hasBody = !NULL_BODY_STATUSES.has(status) && options.method !== 'HEAD';
  let body: ReadableStream<Uint8Array> | null = null;
  if (hasBody) {
    let settled = false;
    let controllerRef: ReadableStreamDefaultController<Uint8Array> | undefined;
    const onAbort = (): void => {
      options.destroy();
      if (!settled) controllerRef?.error(abortReason(signal!));
      settled = true;
    };
    const finish = (): void => {
      settled = true;
      signal?.removeEventListener('abort', onAbort);
    };
    body = new ReadableStream<Uint8Array>({
      start(controller) {
        controllerRef = controller;
        message.on('data', (chunk: Uint8Array) => {
          if (settled) return;
          // A copy: Node's chunks may be views into a shared pool.
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 1) <= 0) message.pause();
        });
        message.on('end', () => {
          if (settled) return;
          finish();
          controller.close();
        });
        message.on('error', (error: unknown) => {
          if (settled) return;
          finish();
          controller.error(new TypeError('terminated', { cause: error }));
        });
        message.on('close', () => {
          if (settled) return;
          // Closed before 'end': the connection broke mid-body.
          finish();
          controller.error(new TypeError('terminated: the connection closed before the body ended'));
        });
        signal?.addEventListener('abort', onAbort, { once: true });
      },
      pull() {
        message.resume();
      },
      cancel() {
        finish();
        options.destroy();
      },
    });
  } else {
    options.destroy();
  }
  const response = new Response(body, { status, statusText: message.statusMessage ?? '', headers });
  Object.defineProperty(response, 'url', { value: options.url });
  return response;
}

/**
 * What an aborted fetch rejects with: the signal's reason when it is an error (by default the
 * DOM's `AbortError`), else an `AbortError` (fetch would use any reason; we keep rejections errors).
 */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}

/** The renderer's Node `require`: Obsidian's desktop window has one, mobile has none. */
function globalRequire(): NodeRequire | undefined {
  if (typeof window === 'undefined') return undefined;
  const candidate: unknown = (window as unknown as { require?: unknown }).require;
  return typeof candidate === 'function' ? (candidate as NodeRequire) : undefined;
}
