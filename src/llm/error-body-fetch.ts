/**
 * A fetch that hands the body of every failed response (status not 2xx) to `onErrorBody` before
 * the SDK reads it. The SDK keeps only an `error` field of the body, and some servers put their
 * message at the top level (vLLM's `{"object":"error","message":…}`), so an overflow would
 * otherwise reach us as "400 status code (no body)".
 */
export function withErrorBodies(base: typeof fetch, onErrorBody: (text: string) => void): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    onErrorBody(text);
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
