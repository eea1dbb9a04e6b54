/** Header naming the upstream URL of a proxied request (same as the server's `PROXY_TARGET_HEADER`). */
const PROXY_TARGET_HEADER = 'x-glassbox-target';

/**
 * Routes the page's requests to other origins (the model endpoint) through the playground
 * server's `/api/proxy`. Obsidian's network access is not bound by CORS; a browser page is, and
 * neither the scripted model server nor most local endpoints send CORS headers. Same-origin
 * requests (the playground's own API) go out unchanged. The abort signal is kept, so Stop
 * closes the proxied request and the server closes the upstream one.
 */
export function installProxyFetch(win: Window & typeof window): void {
  win.fetch = createProxyFetch(win);
}

/** The proxying fetch itself, for callers that must not replace the page's own (mobile mode). */
export function createProxyFetch(win: Window & typeof window): typeof fetch {
  const nativeFetch = win.fetch.bind(win);
  return (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const target = new URL(request.url, win.location.href);
    if (target.origin === win.location.origin) return nativeFetch(request);
    const headers = new Headers(request.headers);
    headers.set(PROXY_TARGET_HEADER, target.href);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const body = hasBody ? request.arrayBuffer() : Promise.resolve(undefined);
    return body.then((bytes) =>
      nativeFetch(`/api/proxy${target.pathname}`, { method: request.method, headers, body: bytes, signal: init?.signal ?? request.signal }),
    );
  };
}
