import { sseFramer, type ServerStreamState, type SseFramerOptions } from './sse-framer';

export type { ServerStreamState } from './sse-framer';

/** The bounds {@link readingServerStreams} puts on a streamed body (see {@link SseFramerOptions}). */
export type StreamBounds = Pick<SseFramerOptions, 'maxBytes' | 'idle'>;

/**
 * A fetch that reads streams as servers send them, under the `openai` SDK:
 * - Ollama's native NDJSON (`application/x-ndjson`: one JSON object a line, an `{"error":…}` line
 *   when the model fails mid-answer) is reframed as SSE `data:` events, so the SDK reads each
 *   line and throws on the error line like on an OpenRouter error chunk;
 * - an SSE body is re-framed into whole events (linear in its size, comments dropped), noting
 *   whether `data: [DONE]` came, because a server that never sends a finish reason (LocalAI)
 *   still ends with it, and only a stream without either was cut;
 * - either is bounded (`bounds`): a byte cap per response, and keep-alive comments alone end at
 *   the idle timeout.
 */
export function readingServerStreams(fetchImpl: typeof fetch, state: ServerStreamState, bounds: StreamBounds): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const contentType = response.headers.get('content-type') ?? '';
    if (!response.ok || response.body === null) return response;
    const ndjson = /ndjson/i.test(contentType);
    if (!ndjson && !/event-stream/i.test(contentType)) return response;
    const headers = new Headers(response.headers);
    if (ndjson) headers.set('content-type', 'text/event-stream');
    return new Response(response.body.pipeThrough(sseFramer({ state, ndjson, ...bounds })), { status: response.status, statusText: response.statusText, headers });
  };
}
