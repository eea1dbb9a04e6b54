/**
 * A controller that aborts when any of `signals` aborts (AbortSignal.any is missing on older
 * mobile webviews). Call `dispose` when done, so long-lived run signals do not collect
 * listeners from every tool call.
 */
export function linkAbortSignals(signals: readonly AbortSignal[]): { controller: AbortController; dispose: () => void } {
  const controller = new AbortController();
  const cleanups: (() => void)[] = [];
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    cleanups.push(() => signal.removeEventListener('abort', onAbort));
  }
  return { controller, dispose: () => cleanups.forEach((cleanup) => cleanup()) };
}

/**
 * Races `promise` against `signal`: settles like `promise`, or rejects with an `AbortError`
 * as soon as the signal aborts. Used around tools and `askUser`, whose implementations may
 * not honour the signal promptly; a stop must never wait for them.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(abortError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** An error named `AbortError`, as DOM and fetch aborts are. */
export function abortError(): Error {
  const error = new Error('The operation was aborted.');
  error.name = 'AbortError';
  return error;
}

/** Whether `error` is an abort (by name, as the DOM, fetch, the openai SDK and src/llm use). */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'APIUserAbortError');
}
