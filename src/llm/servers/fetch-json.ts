/** What {@link fetchJson} needs: the fetch to use, the time it may take, an optional key. */
export interface FetchJsonOptions {
  /** Default the global fetch, looked up per call. */
  readonly fetch?: typeof fetch;
  readonly timeoutMs: number;
  readonly apiKey?: string;
  /** A JSON body makes it a POST. */
  readonly body?: unknown;
}

/**
 * GETs (or POSTs `body` to) a URL and parses its JSON, or `undefined` for anything else: a
 * refused connection, a status other than 2xx, a body that is not JSON, or no answer within
 * `timeoutMs`. Never throws: discovery asks servers that may not have the endpoint at all.
 */
export async function fetchJson(url: string, options: FetchJsonOptions): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.apiKey !== undefined && options.apiKey !== '') headers.authorization = `Bearer ${options.apiKey}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = { method: options.body === undefined ? 'GET' : 'POST', headers, signal: controller.signal, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) };
    const response = await (options.fetch ?? fetch)(url, init);
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return undefined;
    }
    const text = await response.text();
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** The server's root, where llama.cpp, Ollama and LM Studio keep their own endpoints: the base URL without its trailing `/v1`. */
export function serverRootOf(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '').replace(/\/v1$/i, '');
}

/** `baseUrl` + `/path`, with one slash between. */
export function endpointUrl(baseUrl: string, path: string): string {
  return `${baseUrl.trim().replace(/\/+$/, '')}${path}`;
}
