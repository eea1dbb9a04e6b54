import { LlmRedirectError } from './errors/llm-redirect-error';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * A fetch that follows redirects only within the base URL's own origin (DESIGN.md 13.1): every
 * request is sent with `redirect: 'manual'`; a redirect to the same scheme, host and port is
 * followed (up to five, 303, and 301/302 after a POST, as GET without a body, as fetch does); one to any
 * other origin fails with {@link LlmRedirectError} and nothing is sent there (a 307 re-sent
 * the whole chat body, note passages included, to the other host). A browser's fetch hides
 * a manual redirect's target (an opaque redirect): that fails the same way.
 */
export function followingSameOriginRedirects(base: typeof fetch, baseUrl: string, shownUrl: string): typeof fetch {
  const origin = new URL(baseUrl).origin;
  return async (input, init = {}) => {
    let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let method = init.method ?? 'GET';
    let body = init.body;
    const headers = new Headers(init.headers);
    for (let hop = 0; ; hop++) {
      const response = await base(url, { ...init, method, body, headers, redirect: 'manual' });
      if (response.type === 'opaqueredirect') throw new LlmRedirectError({ baseUrl: shownUrl, target: undefined });
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      const next = new URL(location, url);
      if (next.origin !== origin) throw new LlmRedirectError({ baseUrl: shownUrl, target: next.origin });
      if (hop >= MAX_REDIRECTS) throw new TypeError(`fetch failed: more than ${MAX_REDIRECTS} redirects`);
      if (response.status === 303 ? method !== 'HEAD' : (response.status === 301 || response.status === 302) && method === 'POST') {
        method = 'GET';
        body = null;
        headers.delete('content-type');
      }
      url = next.href;
    }
  };
}
