/** What {@link fetchAnswer} needs: the fetch to use, the time it may take, an optional key. */
export interface FetchJsonOptions {
  /** Default the global fetch, looked up per call. */
  readonly fetch?: typeof fetch;
  readonly timeoutMs: number;
  readonly apiKey?: string;
  /** A JSON body makes it a POST. */
  readonly body?: unknown;
}

/** The body of a 2xx answer, else undefined: discovery asks servers that may not have the endpoint at all. */
export function okBody(answer: ServerAnswer | undefined): unknown {
  return answer !== undefined && answer.status >= 200 && answer.status < 300 ? answer.body : undefined;
}

/** What a server answered: its status, and its body parsed as JSON (undefined when it was not JSON). */
export interface ServerAnswer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * GETs (or POSTs `body` to) a URL and parses its JSON: any status is an answer (a 401 says a
 * server is there and wants a key); `undefined` only when nothing answered in time (or the
 * connection was refused). Never throws.
 */
export async function fetchAnswer(url: string, options: FetchJsonOptions): Promise<ServerAnswer | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.apiKey !== undefined && options.apiKey !== '') headers.authorization = `Bearer ${options.apiKey}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = { method: options.body === undefined ? 'GET' : 'POST', headers, signal: controller.signal, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) };
    const response = await (options.fetch ?? fetch)(url, init);
    const text = await response.text();
    return { status: response.status, body: parseJson(text) };
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
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
