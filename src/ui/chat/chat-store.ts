import type { ChatState } from './chat-state';
import type { FrameScheduler } from './frame-scheduler';

/** A change to the chat state. */
export type ChatStateRecipe = (state: ChatState) => ChatState;

/**
 * The chat panel's small external store, read through `useSyncExternalStore` with narrow
 * selectors. Changes queue up and are published together once per animation frame; urgent
 * ones (a sent message, a question, the end of a run) publish at once, in order.
 */
export class ChatStore {
  private published: ChatState;
  private queue: ChatStateRecipe[] = [];
  private frameRequested = false;
  private readonly listeners = new Set<() => void>();
  private publishes = 0;

  constructor(
    initial: ChatState,
    private readonly scheduleFrame: FrameScheduler,
  ) {
    this.published = initial;
  }

  /** The published state (what React renders). */
  readonly getState = (): ChatState => this.published;

  /** Subscribes to published changes; returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** How many times listeners were notified (tests and benchmarks count frames with it). */
  get publishCount(): number {
    return this.publishes;
  }

  /** Queues a change for the next frame, or publishes it (and everything queued) now. */
  update(recipe: ChatStateRecipe, timing: 'frame' | 'now' = 'frame'): void {
    this.queue.push(recipe);
    if (timing === 'now') {
      this.flush();
      return;
    }
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.scheduleFrame(() => {
      this.frameRequested = false;
      this.flush();
    });
  }

  /** Applies every queued change and notifies listeners once if anything changed. */
  flush(): void {
    if (this.queue.length === 0) return;
    const recipes = this.queue;
    this.queue = [];
    let next = this.published;
    for (const recipe of recipes) next = recipe(next);
    if (next === this.published) return;
    this.published = next;
    this.publishes += 1;
    for (const listener of [...this.listeners]) listener();
  }
}
