/** Gives the host a turn (rendering, input) and resolves when the caller may continue. */
export type YieldToHost = () => Promise<void>;

/**
 * The cheapest way to yield a macrotask here: `setImmediate` in Node (no 1 ms clamp),
 * a `MessageChannel` in browsers and Electron renderers (no 4 ms clamp), `setTimeout` otherwise.
 */
export function defaultYieldToHost(): YieldToHost {
  // eslint-disable-next-line no-undef -- Node and Electron have setImmediate; the typeof guard covers browsers
  if (typeof setImmediate === 'function') return () => new Promise<void>((resolve) => void setImmediate(resolve));
  if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel();
    const waiting: (() => void)[] = [];
    channel.port1.onmessage = () => waiting.shift()?.();
    return () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        channel.port2.postMessage(null);
      });
  }
  // Only a browser without MessageChannel gets here, so `window` exists.
  return () => new Promise<void>((resolve) => void window.setTimeout(resolve, 0));
}

/**
 * Splits long work into slices of at most `sliceMs` and records the longest slice, so callers
 * can prove indexing never held the main thread for long.
 */
export class TimeSlicer {
  private sliceStart = performance.now();
  /** The longest stretch between yields so far, in ms. */
  longestSliceMs = 0;

  constructor(
    private readonly yieldToHost: YieldToHost,
    private readonly sliceMs: number,
    private readonly signal?: AbortSignal,
  ) {}

  /** Yields when the current slice has used its time; throws an AbortError when aborted. */
  async checkpoint(): Promise<void> {
    const elapsed = performance.now() - this.sliceStart;
    if (elapsed >= this.sliceMs) {
      this.longestSliceMs = Math.max(this.longestSliceMs, elapsed);
      await this.yieldToHost();
      this.sliceStart = performance.now();
    }
    throwIfAborted(this.signal);
  }

  /** Closes the last slice. */
  finish(): void {
    this.longestSliceMs = Math.max(this.longestSliceMs, performance.now() - this.sliceStart);
  }
}

/** Throws the standard `AbortError` DOMException when the signal is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}

/** The error every aborted search operation rejects with. */
export function abortError(): Error {
  return new DOMException('The operation was aborted.', 'AbortError');
}

