import type { RequestUrlParam, RequestUrlResponse } from 'obsidian';

/**
 * Obsidian's `requestUrl` for the playground page, over the page's `fetch` (which the playground
 * routes through its server's proxy, so like the app's `requestUrl` it is not bound by CORS).
 * Reads the whole body, as the real one does; `throw` (default true) rejects on a status ≥ 400.
 */
export async function requestUrl(request: RequestUrlParam | string): Promise<RequestUrlResponse> {
  const options: RequestUrlParam = typeof request === 'string' ? { url: request } : request;
  const headers = new Headers(options.headers ?? {});
  if (options.contentType !== undefined) headers.set('content-type', options.contentType);
  const response = await fetch(options.url, { method: options.method ?? 'GET', headers, body: options.body ?? undefined });
  const arrayBuffer = await response.arrayBuffer();
  const text = new TextDecoder().decode(arrayBuffer);
  const result: RequestUrlResponse = {
    status: response.status,
    headers: Object.fromEntries(response.headers.entries()),
    arrayBuffer,
    text,
    get json(): unknown {
      return JSON.parse(text) as unknown;
    },
  };
  if ((options.throw ?? true) && response.status >= 400) throw new Error(`Request failed, status ${response.status}`);
  return result;
}
