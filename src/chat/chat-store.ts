import type { ChatState } from './chat-state';
import type { FrameScheduler } from './frame-scheduler';

/** A change to the chat state. */
export type ChatStateRecipe = (state: ChatState) => ChatState;

/** When a change publishes ({@link ChatStore.update}). */
export type PublishTiming = 'frame' | 'soon' | 'end' | 'now' | 'text';

/**
 * Per frame scheduler (the chats of one window share the default one): whether a run's end was
 * published since that scheduler's last frame. The end of a run is the heaviest publish of a
 * stream (the answer's last block, the fold, the finished message's actions); chats whose runs
 * end together publish their ends in consecutive frames instead of one frame (DESIGN.md 13.7:
 * four sessions, no task over 16 ms).
 */
const endPublished = new WeakMap<FrameScheduler, { taken: boolean }>();

/**
 * The chat panel's small external store, read through `useSyncExternalStore` with narrow
 * selectors. While a run streams, listeners are notified at most once per animation frame
 * (DESIGN.md 10): changes
 * queue up and are published together in the next frame. An urgent change (a sent message, a
 * question, the end of a run) publishes at once when nothing was published since the last
 * frame, and otherwise in the next frame with the rest, so the end of a run cannot add commits
 * between frames. Only the user's own actions publish at once regardless. {@link ChatStore.current} always has every change, published or not.
 */
export class ChatStore {
  private published: ChatState;
  /** The state with every change applied so far, or null when it equals `published`. */
  private latest: ChatState | null = null;
  private queue: ChatStateRecipe[] = [];
  /** A frame callback is pending. */
  private frameRequested = false;
  /** Something was published since the last frame callback ran. */
  private publishedThisFrame = false;
  /** The last frame callback published. */
  private publishedLastFrame = false;
  /** Every change since the last publish is `text`: it may wait one more frame. */
  private queueIsText = true;
  /** A run's end (`end`) is queued: it publishes in a frame no other chat's end took. */
  private queueHasEnd = false;
  private readonly listeners = new Set<() => void>();
  /** Notified after every listener of {@link ChatStore.subscribe}: {@link ChatStore.subscribeLast}. */
  private readonly lastListeners = new Set<() => void>();
  private publishes = 0;

  constructor(
    initial: ChatState,
    private readonly scheduleFrame: FrameScheduler,
  ) {
    this.published = initial;
  }

  /** The published state (what React renders). */
  readonly getState = (): ChatState => this.published;

  /** The state with every change applied, including the ones still waiting for a frame. */
  current(): ChatState {
    if (this.queue.length === 0) return this.latest ?? this.published;
    const recipes = this.queue;
    this.queue = [];
    let next = this.latest ?? this.published;
    for (const recipe of recipes) next = recipe(next);
    this.latest = next;
    return next;
  }

  /** Subscribes to published changes; returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Subscribes to published changes, notified after the listeners of {@link ChatStore.subscribe}
   * (the components' selectors): a listener that renders at once (`flushSync`) then renders what
   * they scheduled in the same pass, instead of a second time. Returns the unsubscribe function.
   */
  readonly subscribeLast = (listener: () => void): (() => void) => {
    this.lastListeners.add(listener);
    return () => this.lastListeners.delete(listener);
  };

  /** How many times listeners were notified (tests and benchmarks count frames with it). */
  get publishCount(): number {
    return this.publishes;
  }

  /**
   * Queues a change. `frame` (streaming) publishes it with the next frame; `soon` (a run's
   * question, its end) publishes it at once if this frame has not published yet, else with the
   * next frame; `now` (the user's own action: send, new chat, an option) publishes at once;
   * `text` (answer text) publishes with a frame, but never in two frames in a row: the answer
   * grows at most 30 times a second, which halves the Markdown, layout and paint work of a
   * stream and leaves room in the per-second commit budget for the reasoning block's own root.
   * `end` (a run's end) is `soon`, except that of the chats sharing this store's frame scheduler
   * only one publishes a run's end per frame: the others wait for the next frames, in turn.
   */
  update(recipe: ChatStateRecipe, timing: PublishTiming = 'frame'): void {
    this.queue.push(recipe);
    if (timing !== 'text') this.queueIsText = false;
    if (timing === 'end') this.queueHasEnd = true;
    const urgent = timing === 'soon' || timing === 'end';
    if (timing === 'now' || (urgent && !this.publishedThisFrame && this.mayPublishEnd())) {
      this.publish();
      return;
    }
    this.requestFrame();
  }

  /**
   * Publishes every queued change now, frame or not. Only for moments where the view must
   * match the state at once (leaving a chat); streaming never calls it.
   */
  flush(): void {
    this.publish();
  }

  private requestFrame(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.scheduleFrame(this.onFrame);
  }

  private readonly onFrame = (): void => {
    this.frameRequested = false;
    this.publishedThisFrame = false;
    if (!this.mayPublishEnd()) {
      // Another chat published its run's end in this frame: this one's goes with a later frame.
      this.publishedLastFrame = false;
      this.requestFrame();
      return;
    }
    if (this.queue.length > 0 && this.queueIsText && this.publishedLastFrame) {
      // Only answer text waits, and the previous frame published: skip this one.
      this.publishedLastFrame = false;
      this.requestFrame();
      return;
    }
    const before = this.publishes;
    this.publish();
    this.publishedLastFrame = this.publishes !== before;
  };

  /**
   * Whether the queue may publish now: it holds no run's end, or no chat sharing the frame
   * scheduler published one since its last frame (then this one takes the frame).
   */
  private mayPublishEnd(): boolean {
    if (!this.queueHasEnd) return true;
    let lane = endPublished.get(this.scheduleFrame);
    if (lane === undefined) {
      lane = { taken: false };
      endPublished.set(this.scheduleFrame, lane);
    }
    if (lane.taken) return false;
    lane.taken = true;
    const taken = lane;
    // Frame callbacks run in the order they were asked for: this one frees the lane before the
    // callbacks of the chats that found it taken.
    this.scheduleFrame(() => {
      taken.taken = false;
    });
    return true;
  }

  // Applies every queued change and notifies listeners once if anything changed.
  private publish(): void {
    const next = this.current();
    this.latest = null;
    this.queueIsText = true;
    this.queueHasEnd = false;
    if (next === this.published) return;
    this.published = next;
    this.publishes += 1;
    // The next frame callback opens the next frame's single publish.
    this.publishedThisFrame = true;
    this.requestFrame();
    for (const listener of [...this.listeners]) listener();
    for (const listener of [...this.lastListeners]) listener();
  }
}
