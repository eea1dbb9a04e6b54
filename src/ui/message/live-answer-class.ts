/** The class on a live answer's body (styles.css: its blocks are never skipped as off screen). */
const LIVE_CLASS = 'glassbox-message-live';
/** The class for the one frame between live and finished (styles.css: blocks remember their heights, not yet skipped). */
const SETTLING_CLASS = 'glassbox-message-settling';

/** Per window (the main one, popouts): bodies whose run ended, oldest first, waiting to lose the class. */
const endedIn = new WeakMap<Window, HTMLElement[]>();

/**
 * Marks an answer's body live or finished. A body that stops being live loses the class in a
 * later animation frame, one body per frame and never in the frame its run ended: the change
 * restyles and lays out every block of the answer again (they become skippable off screen),
 * which would land in the frame that already renders the end of the run, and for runs ending
 * together in several tabs all in one frame (BENCHMARKS.md, streaming: four sessions). It goes
 * in two steps: for one frame the body is "settling", its blocks remember their heights
 * (`contain-intrinsic-size: auto`, recorded as the browser reports sizes in that frame); in the
 * next they become skippable and keep those heights. A live answer's blocks remember nothing:
 * the browser would measure every one of them in every frame of the stream. Nothing on screen
 * changes with either step.
 */
export function markAnswerLive(body: HTMLElement, live: boolean): void {
  const view = body.ownerDocument.defaultView;
  const ended = view === null ? undefined : endedIn.get(view);
  const waiting = ended?.indexOf(body) ?? -1;
  if (live) {
    if (waiting >= 0) ended?.splice(waiting, 1);
    body.classList.remove(SETTLING_CLASS);
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
    // The first in line may have gone live again meanwhile (and left the line).
    const next = queue[0];
    if (next?.classList.contains(LIVE_CLASS) === true) {
      next.classList.replace(LIVE_CLASS, SETTLING_CLASS);
    } else {
      next?.classList.remove(SETTLING_CLASS);
      queue.shift();
    }
    if (queue.length > 0) view.requestAnimationFrame(releaseOne);
    else endedIn.delete(view);
  };
  // The first frame callback comes in the frame that renders the end: release in the one after.
  view.requestAnimationFrame(() => view.requestAnimationFrame(releaseOne));
}
