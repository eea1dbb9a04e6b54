import { t } from '../../i18n';

/**
 * Raised when the model server is running but the app's origin is not allowed to read its
 * answers (CORS). The SDK wraps it as a connection error; `toLlmError` shows `userMessage`.
 */
export class CorsRefusedError extends TypeError {
  readonly userMessage: string;

  constructor(options: { origin: string; cause?: unknown }) {
    super(`The model server at ${options.origin} refused this app's origin (CORS)`, { cause: options.cause });
    this.name = 'CorsRefusedError';
    this.userMessage = t('network.mobileCors', { origin: options.origin });
  }
}

/**
 * The `fetch` of the chat on mobile, where requests go through the web view's `fetch` and so
 * through CORS: a local server that sends no CORS headers fails exactly like one that is down
 * (a bare `TypeError`). After such a failure one `no-cors` request to the same address tells
 * them apart: it resolves (with an opaque response the page cannot read) when the server
 * answered, and fails when nothing is listening. Only then is the failure called a CORS refusal.
 */
export function createMobileFetch(baseFetch: typeof fetch = (input, init) => window.fetch(input, init)): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    try {
      return await baseFetch(input, init);
    } catch (error) {
      const signal = init?.signal ?? (input instanceof Request ? input.signal : null);
      if (signal?.aborted || !(error instanceof TypeError)) throw error;
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (await answersWithoutCors(baseFetch, url)) throw new CorsRefusedError({ origin: url.origin, cause: error });
      throw error;
    }
  };
}

async function answersWithoutCors(baseFetch: typeof fetch, url: URL): Promise<boolean> {
  try {
    // A simple GET: no preflight, no body, no key; the answer stays opaque to the page.
    await baseFetch(url.href, { method: 'GET', mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}
