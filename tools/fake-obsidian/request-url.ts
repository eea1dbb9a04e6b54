import type { RequestUrlParam, RequestUrlResponse, RequestUrlResponsePromise } from 'obsidian';
import { RequestUrlError } from './request-url-error';

let transport: typeof fetch | null = null;

/**
 * Fake-only: the `fetch` `requestUrl` sends through (default the global one, read at call time).
 * The playground's mobile mode leaves the page's own fetch bound by CORS, as on a phone, and
 * hands `requestUrl` its proxy: in Obsidian `requestUrl` is never bound by CORS.
 */
export function setRequestUrlTransport(send: typeof fetch | null): void {
  transport = send;
}

/** One call of {@link requestUrl}, as the fake recorded it. */
export interface FakeRequestUrlCall {
  readonly url: string;
  readonly method: string;
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
}

/** Fake-only: every `requestUrl` call since the last `clearRequestUrlLog()`, oldest first. */
export const requestUrlLog: FakeRequestUrlCall[] = [];

/** Fake-only: forgets the recorded calls. */
export function clearRequestUrlLog(): void {
  requestUrlLog.length = 0;
}

/**
 * Obsidian's `requestUrl`, over the global `fetch` (looked up at call time, so the playground's
 * proxying `fetch` is used in the browser; in Obsidian the request is not bound by CORS, and the
 * playground proxy gives the page the same freedom). Reads the whole body like the real one;
 * `json` is a getter that throws on a body that is not JSON; `throw` (default true) rejects with
 * a {@link RequestUrlError} on a status ≥ 400. The returned promise also has `text`, `json` and
 * `arrayBuffer` promises, created only when read so an unread one never rejects unhandled.
 */
export function requestUrl(request: RequestUrlParam | string): RequestUrlResponsePromise {
  const options: RequestUrlParam = typeof request === 'string' ? { url: request } : request;
  requestUrlLog.push({ url: options.url, method: options.method ?? 'GET', headers: Object.fromEntries(new Headers(options.headers ?? {}).entries()) });
  const response = send(options);
  return Object.defineProperties(response, {
    text: { get: () => response.then((result) => result.text) },
    json: { get: () => response.then((result): unknown => result.json) },
    arrayBuffer: { get: () => response.then((result) => result.arrayBuffer) },
  }) as RequestUrlResponsePromise;
}

async function send(options: RequestUrlParam): Promise<RequestUrlResponse> {
  const headers = new Headers(options.headers ?? {});
  if (options.contentType !== undefined) headers.set('content-type', options.contentType);
  const response = await (transport ?? globalThis.fetch)(options.url, { method: options.method ?? 'GET', headers, body: options.body ?? undefined });
  const arrayBuffer = await response.arrayBuffer();
  const text = new TextDecoder().decode(arrayBuffer);
  const responseHeaders = Object.fromEntries(response.headers.entries());
  if ((options.throw ?? true) && response.status >= 400) throw new RequestUrlError({ status: response.status, headers: responseHeaders, text });
  return {
    status: response.status,
    headers: responseHeaders,
    arrayBuffer,
    text,
    get json(): unknown {
      return JSON.parse(text) as unknown;
    },
  };
}
