import { requestUrl } from 'obsidian';

/**
 * The little of fetch that asking a server about itself needs (method, headers, JSON body,
 * status, text), over Obsidian's `requestUrl`: no CORS, so it reaches local servers on mobile
 * too; no streaming, which these requests do not need. An aborted signal rejects at once.
 */
export const requestUrlFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const headers = Object.fromEntries(new Headers(init?.headers).entries());
  const request = requestUrl({ url, method: init?.method ?? 'GET', headers, ...(typeof init?.body === 'string' ? { body: init.body } : {}), throw: false });
  const signal = init?.signal;
  const aborted = new Promise<never>((_, reject) => {
    if (signal?.aborted) reject(new Error('aborted'));
    signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
  const response = await Promise.race([request, aborted]);
  const empty = response.status === 204 || response.status === 205 || response.status === 304;
  return new Response(empty ? null : response.text, { status: response.status });
};
