/** The class on a live answer's body (styles.css: its blocks are never skipped as off screen). */
const LIVE_CLASS = 'glassbox-message-live';

/** Per window (the main one, popouts): bodies whose run ended, oldest first, waiting to lose the class. */
const endedIn = new WeakMap<Window, HTMLElement[]>();

/**
 * Marks an answer's body live or finished. A body that stops being live loses the class in a
 * later animation frame, one body per frame and never in the frame its run ended: the change
 * restyles and lays out every block of the answer again (they become skippable off screen),
 * which would land in the frame that already renders the end of the run, and for runs ending
 * together in several tabs all in one frame (BENCHMARKS.md, streaming: four sessions). Nothing
 * on screen changes with it.
 */
export function markAnswerLive(body: HTMLElement, live: boolean): void {
  const view = body.ownerDocument.defaultView;
  const ended = view === null ? undefined : endedIn.get(view);
  const waiting = ended?.indexOf(body) ?? -1;
  if (live) {
    if (waiting >= 0) ended?.splice(waiting, 1);
    body.classList.add(LIVE_CLASS);
    return;
  }
  if (waiting >= 0 || !body.classList.contains(LIVE_CLASS)) return;
  if (view === null || typeof view.requestAnimationFrame !== 'function') {
    body.classList.remove(LIVE_CLASS);
    return;
  }
  if (ended !== undefined) {
    ended.push(body);
    return;
  }
  const queue = [body];
  endedIn.set(view, queue);
  const releaseOne = (): void => {
    queue.shift()?.classList.remove(LIVE_CLASS);
    if (queue.length > 0) view.requestAnimationFrame(releaseOne);
    else endedIn.delete(view);
  };
  // The first frame callback comes in the frame that renders the end: release in the one after.
  view.requestAnimationFrame(() => view.requestAnimationFrame(releaseOne));
}
