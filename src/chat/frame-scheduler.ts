/**
 * Runs a callback before the next paint. Streaming updates go through it so they reach React
 * at most once per animation frame (DESIGN.md 10), however fast the chunks arrive.
 */
export type FrameScheduler = (callback: () => void) => void;

/** `requestAnimationFrame` of the view's window, or a 16 ms timer where there is none. */
export function animationFrameScheduler(win: Window = window): FrameScheduler {
  return (callback) => {
    if (typeof win.requestAnimationFrame === 'function') win.requestAnimationFrame(() => callback());
    else win.setTimeout(callback, 16);
  };
}
