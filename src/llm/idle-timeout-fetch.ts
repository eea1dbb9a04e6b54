/**
 * A fetch that gives up when the server goes quiet: no response headers within `timeoutMs`, or
 * no next piece of the body within `timeoutMs` of the last one. The request is then aborted (its
 * socket freed) and the call, or the body read, fails with `onTimeout()`'s error. A slow but
 * steady stream is never cut: the wait restarts with every piece.
 *
 * Built on any fetch (the desktop app's Node-based one, else the global one) and on web streams
 * only, so it loads on mobile too.
 */
export function withIdleTimeout(fetchImpl: typeof fetch | undefined, timeoutMs: number, onTimeout: () => Error): typeof fetch {
  // Looked up per call, not at creation: tests and hosts may install their fetch later.
  const base: typeof fetch = fetchImpl ?? ((input, init) => fetch(input, init));
  return async (input, init = {}) => {
    const controller = new AbortController();
    const outer = init.signal;
    const forwardAbort = (): void => controller.abort(outer?.reason);
    if (outer?.aborted) forwardAbort();
    else outer?.addEventListener('abort', forwardAbort, { once: true });
    const giveUp = (): Error => {
      const error = onTimeout();
      controller.abort(error);
      return error;
    };
    let response: Response;
    try {
      response = await withinWait(base(input, { ...init, signal: controller.signal }), timeoutMs, giveUp);
    } catch (error) {
      outer?.removeEventListener('abort', forwardAbort);
      throw error;
    }
    if (response.body === null) {
      outer?.removeEventListener('abort', forwardAbort);
      return response;
    }
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        try {
          const piece = await withinWait(reader.read(), timeoutMs, giveUp);
          if (piece.done) {
            outer?.removeEventListener('abort', forwardAbort);
            stream.close();
          } else {
            stream.enqueue(piece.value);
          }
        } catch (error) {
          outer?.removeEventListener('abort', forwardAbort);
          reader.cancel(error).catch(() => undefined);
          stream.error(error);
        }
      },
      cancel(reason) {
        outer?.removeEventListener('abort', forwardAbort);
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** `promise`, or `giveUp()`'s error once `timeoutMs` pass first. */
function withinWait<T>(promise: Promise<T>, timeoutMs: number, giveUp: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(giveUp()), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
