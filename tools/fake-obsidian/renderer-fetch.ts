/** Options of {@link createRendererFetch}. */
export interface FakeRendererFetchOptions {
  /** The page's origin; Obsidian's desktop window is `app://obsidian.md`. */
  readonly origin?: string;
  /**
   * Host names the renderer reaches through the system proxy: host → the address actually
   * connected to (e.g. `http://127.0.0.1:5000`). Node's `http` ignores the proxy and cannot.
   */
  readonly proxyRoutes?: Readonly<Record<string, string>>;
  /** The network under the renderer; default the global `fetch` (which enforces no CORS in Node). */
  readonly network?: typeof fetch;
}

/** Headers a page may send without a preflight (Fetch standard, "CORS-safelisted request-header"). */
const SAFELISTED_HEADERS = new Set(['accept', 'accept-language', 'content-language', 'content-type']);
const SIMPLE_CONTENT_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
const SIMPLE_METHODS = new Set(['GET', 'HEAD', 'POST']);

/**
 * Fake-only: the `fetch` of Obsidian's desktop renderer (Chromium) as a plugin sees it. Every
 * request carries `Origin: app://obsidian.md` and goes through CORS as Chromium applies it: a
 * request that is not "simple" (the OpenAI SDK's JSON POST with `Authorization` never is) is
 * preceded by an `OPTIONS` preflight, which must answer 2xx and allow the origin, the method and
 * every non-safelisted header (`Access-Control-Allow-Headers: *` does not cover `Authorization`);
 * the response itself must allow the origin too. Any failure, CORS or network, rejects with the
 * same opaque `TypeError('Failed to fetch')` the page gets in Chromium, with no cause.
 * Not modelled: response header filtering (`Access-Control-Expose-Headers`), credentials, caching
 * of preflights.
 */
export function createRendererFetch(options: FakeRendererFetchOptions = {}): typeof fetch {
  const origin = options.origin ?? 'app://obsidian.md';
  const network = options.network ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const route = (url: URL): string => {
    const proxied = options.proxyRoutes?.[url.host] ?? options.proxyRoutes?.[url.hostname];
    return proxied === undefined ? url.href : new URL(`${url.pathname}${url.search}`, proxied).href;
  };
  return async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    const nonSafelisted = [...headers.keys()].filter((name) => !isSafelisted(name, headers.get(name) ?? '')).sort();
    const method = request.method.toUpperCase();
    const crossOrigin = url.origin !== origin;
    try {
      if (crossOrigin && (!SIMPLE_METHODS.has(method) || nonSafelisted.length > 0)) {
        const preflightHeaders: Record<string, string> = { origin, 'access-control-request-method': method };
        if (nonSafelisted.length > 0) preflightHeaders['access-control-request-headers'] = nonSafelisted.join(',');
        const preflight = await network(route(url), { method: 'OPTIONS', headers: preflightHeaders, signal: request.signal });
        await preflight.body?.cancel();
        if (!preflight.ok || !allowsOrigin(preflight.headers, origin) || !allowsMethod(preflight.headers, method) || !allowsHeaders(preflight.headers, nonSafelisted)) {
          throw new Error('CORS preflight refused');
        }
      }
      headers.set('origin', origin);
      const body = request.body === null ? null : await request.arrayBuffer();
      const response = await network(route(url), { method, headers, body, signal: request.signal, redirect: request.redirect });
      if (crossOrigin && !allowsOrigin(response.headers, origin)) {
        await response.body?.cancel();
        throw new Error('CORS refused');
      }
      return response;
    } catch (error) {
      if (request.signal.aborted) throw error;
      throw new TypeError('Failed to fetch');
    }
  };
}

function isSafelisted(name: string, value: string): boolean {
  if (!SAFELISTED_HEADERS.has(name)) return false;
  if (name !== 'content-type') return true;
  return SIMPLE_CONTENT_TYPES.has(value.split(';')[0]?.trim().toLowerCase() ?? '');
}

function allowsOrigin(headers: Headers, origin: string): boolean {
  const allowed = headers.get('access-control-allow-origin')?.trim();
  return allowed === '*' || allowed === origin;
}

function allowsMethod(headers: Headers, method: string): boolean {
  if (SIMPLE_METHODS.has(method)) return true;
  const allowed = listOf(headers.get('access-control-allow-methods'));
  return allowed.includes('*') || allowed.includes(method.toLowerCase());
}

function allowsHeaders(headers: Headers, requested: readonly string[]): boolean {
  const allowed = listOf(headers.get('access-control-allow-headers'));
  // The wildcard never covers Authorization (Fetch standard, CORS-preflight fetch step 7.8).
  return requested.every((name) => allowed.includes(name) || (allowed.includes('*') && name !== 'authorization'));
}

function listOf(value: string | null): string[] {
  return (value ?? '').split(',').map((part) => part.trim().toLowerCase()).filter((part) => part !== '');
}
