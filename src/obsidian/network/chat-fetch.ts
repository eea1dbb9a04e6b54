import { createDesktopFetch, errorCode } from './desktop-fetch';
import { DesktopNetworkError } from './desktop-network-error';

/** Options of {@link createChatFetch}; both exist so tests can stand in for the app. */
export interface ChatFetchOptions {
  /** The renderer's `fetch` (Chromium's network stack); default the window's, read at call time. */
  readonly rendererFetch?: typeof fetch;
  /** The Node fallback; default {@link createDesktopFetch} (null on mobile). */
  readonly nodeFetch?: typeof fetch | null;
}

/**
 * The `fetch` the chat client streams through. On mobile it is the renderer's fetch. On desktop
 * the renderer's fetch is tried first: it uses the system proxy and certificate store, and
 * reaches `localhost` on either address; servers that allow Obsidian's origin (Ollama does by
 * default, LM Studio with CORS on) answer it. When it fails (a CORS refusal and a network error
 * look the same to a page), the request is sent again over Node's `http(s)`, which no CORS check
 * stops; an origin that needed Node is sent there directly afterwards. When Node fails too, the
 * error says which failure it was ({@link DesktopNetworkError}).
 *
 * The chat request is a JSON POST with an `Authorization` header, so the browser always asks
 * permission (a preflight) before sending it: a refused origin never receives the request, and
 * the fallback does not send a question twice.
 */
export function createChatFetch(options: ChatFetchOptions = {}): typeof fetch {
  const rendererFetch = options.rendererFetch ?? ((input: RequestInfo | URL, init?: RequestInit) => window.fetch(input, init));
  const nodeFetch = options.nodeFetch === undefined ? createDesktopFetch() : options.nodeFetch;
  if (nodeFetch === null) return rendererFetch;
  const needsNode = new Set<string>();
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : null);
    if (!needsNode.has(url.origin)) {
      try {
        const response = await rendererFetch(input, init);
        // A manual redirect hides its target in a browser: Node's fetch shows it, so the caller can judge it.
        if (response.type !== 'opaqueredirect') return response;
      } catch (error) {
        // Only a failed fetch (TypeError) may be CORS; an abort or anything else is final.
        if (signal?.aborted || !(error instanceof TypeError)) throw error;
      }
    }
    try {
      const response = await nodeFetch(input, init);
      needsNode.add(url.origin);
      return response;
    } catch (error) {
      if (signal?.aborted || !(error instanceof TypeError)) throw error;
      throw new DesktopNetworkError({ url, code: errorCode(error), cause: error });
    }
  };
}
