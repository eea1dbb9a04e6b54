/**
 * Runs a callback before the next paint. Streaming updates go through it so they reach React
 * at most once per animation frame (DESIGN.md 10), however fast the chunks arrive.
 */
export type FrameScheduler = (callback: () => void) => void;

/** One scheduler per window: the chats of a window share it, and with it their frames (chat-store.ts). */
const schedulers = new WeakMap<Window, FrameScheduler>();

/** `requestAnimationFrame` of the view's window, or a 16 ms timer where there is none. */
export function animationFrameScheduler(win: Window = window): FrameScheduler {
  let scheduler = schedulers.get(win);
  if (scheduler === undefined) {
    scheduler = (callback) => {
      if (typeof win.requestAnimationFrame === 'function') win.requestAnimationFrame(() => callback());
      else win.setTimeout(callback, 16);
    };
    schedulers.set(win, scheduler);
  }
  return scheduler;
}
