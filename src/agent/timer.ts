/**
 * Starts a one-shot timer and returns the function that cancels it. Built on
 * `AbortSignal.timeout` because the agent runs both in Obsidian (where lint asks for
 * `window.setTimeout`, for popout windows) and in Node (CLI, tests), which has no `window`;
 * `AbortSignal.timeout` exists in both and does not keep Node alive.
 */
export function startTimer(ms: number, callback: () => void): () => void {
  const signal = AbortSignal.timeout(Math.max(0, Math.ceil(ms)));
  signal.addEventListener('abort', callback, { once: true });
  return () => signal.removeEventListener('abort', callback);
}
