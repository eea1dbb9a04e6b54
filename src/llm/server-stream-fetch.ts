/** What the body of one response showed while it was read. */
export interface ServerStreamState {
  /** The stream's `data: [DONE]` (or an NDJSON stream's end) arrived: it ended, it was not cut. */
  done: boolean;
}

const DONE_EVENT = /(^|\n)data: ?\[DONE\]/;

/**
 * A fetch that reads streams as servers send them, under the `openai` SDK:
 * - Ollama's native NDJSON (`application/x-ndjson`: one JSON object a line, an `{"error":…}` line
 *   when the model fails mid-answer) is reframed as SSE `data:` events, so the SDK reads each
 *   line and throws on the error line like on an OpenRouter error chunk;
 * - an SSE body is passed through, noting whether `data: [DONE]` came, because a server that
 *   never sends a finish reason (LocalAI) still ends with it, and only a stream without either
 *   was cut.
 */
export function readingServerStreams(fetchImpl: typeof fetch, state: ServerStreamState): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const contentType = response.headers.get('content-type') ?? '';
    if (!response.ok || response.body === null) return response;
    if (/ndjson/i.test(contentType)) {
      const headers = new Headers(response.headers);
      headers.set('content-type', 'text/event-stream');
      return new Response(response.body.pipeThrough(ndjsonToSse(state)), { status: response.status, statusText: response.statusText, headers });
    }
    if (!/event-stream/i.test(contentType)) return response;
    return new Response(response.body.pipeThrough(watchForDone(state)), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function ndjsonToSse(state: ServerStreamState): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  const frame = (line: string): Uint8Array => encoder.encode(`data: ${line}\n\n`);
  return new TransformStream({
    transform(piece, controller) {
      pending += decoder.decode(piece, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') controller.enqueue(frame(line.trim()));
    },
    flush(controller) {
      pending += decoder.decode();
      if (pending.trim() !== '') controller.enqueue(frame(pending.trim()));
      state.done = true;
    },
  });
}

function watchForDone(state: ServerStreamState): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  // The end of what was read so far, so a `[DONE]` split across pieces is still seen.
  let tail = '';
  return new TransformStream({
    transform(piece, controller) {
      tail = (tail + decoder.decode(piece, { stream: true })).slice(-64);
      if (DONE_EVENT.test(tail)) state.done = true;
      controller.enqueue(piece);
    },
  });
}
