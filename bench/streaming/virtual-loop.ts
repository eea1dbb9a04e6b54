/**
 * A virtual event loop for the jsdom half of the streaming benchmark. Timers, `setImmediate`,
 * `MessageChannel` and `requestAnimationFrame` all queue tasks here, on a virtual clock with a
 * frame every 16.67 ms; the loop runs the tasks in time order without waiting, and measures the
 * REAL time each task takes (its synchronous part plus the microtasks it queued). So a 13-second
 * run costs only its CPU time, and the two renderers see exactly the same timeline.
 */
export interface VirtualTaskTiming {
  /** Virtual time the task ran at. */
  readonly at: number;
  /** Real milliseconds the task took, minus the loop's own measured overhead. */
  readonly durationMs: number;
  readonly kind: VirtualTaskKind;
}

/** Where a task came from. */
export type VirtualTaskKind = 'timer' | 'immediate' | 'frame' | 'event';

interface QueuedTask {
  readonly at: number;
  readonly seq: number;
  readonly kind: VirtualTaskKind;
  readonly id: number;
  readonly run: () => void;
}

/** Milliseconds between two frames at 60 Hz. */
export const FRAME_MS = 1000 / 60;

/** See the file comment. */
export class VirtualEventLoop {
  /** Virtual epoch ms. */
  now: number;
  private queue: QueuedTask[] = [];
  private seq = 0;
  private nextId = 1;
  private readonly cancelled = new Set<number>();
  private frameCallbacks = new Map<number, FrameRequestCallback>();
  private frameTaskQueued = false;
  private overheadMs = 0;
  private readonly realNow: () => number;
  private readonly realYield: () => Promise<void>;

  constructor(options: { startEpochMs: number; realNow: () => number; realYield: () => Promise<void> }) {
    this.now = options.startEpochMs;
    this.realNow = options.realNow;
    this.realYield = options.realYield;
  }

  /** `setTimeout` on the virtual clock. */
  setTimeout = (callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]): number =>
    this.enqueue({ at: this.now + Math.max(0, delay ?? 0), kind: 'timer', run: () => callback(...args) });

  /** `setInterval` on the virtual clock (the id stays valid across repeats). */
  setInterval = (callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]): number => {
    const period = Math.max(1, delay ?? 0);
    const id = this.nextId++;
    const schedule = (at: number): void => {
      this.push({ at, kind: 'timer', id, run: () => {
        schedule(at + period);
        callback(...args);
      } });
    };
    schedule(this.now + period);
    return id;
  };

  /** Cancels a timer, interval or immediate. */
  clear = (id?: number): void => {
    if (id !== undefined) this.cancelled.add(id);
  };

  /** `setImmediate`: a task at the current virtual time, after those already queued. */
  setImmediate = (callback: (...args: unknown[]) => void, ...args: unknown[]): number =>
    this.enqueue({ at: this.now, kind: 'immediate', run: () => callback(...args) });

  /** `requestAnimationFrame`: all callbacks requested before a frame run together in that frame's task. */
  requestAnimationFrame = (callback: FrameRequestCallback): number => {
    const id = this.nextId++;
    this.frameCallbacks.set(id, callback);
    if (!this.frameTaskQueued) {
      this.frameTaskQueued = true;
      const nextFrame = (Math.floor(this.now / FRAME_MS) + 1) * FRAME_MS;
      this.push({ at: nextFrame, kind: 'frame', id: this.nextId++, run: () => this.runFrame() });
    }
    return id;
  };

  /** `cancelAnimationFrame`. */
  cancelAnimationFrame = (id: number): void => {
    this.frameCallbacks.delete(id);
  };

  /** A `MessageChannel` whose messages are virtual immediate tasks (a UI scheduler may use one). */
  createMessageChannel(): { port1: { onmessage: ((event: { data: unknown }) => void) | null }; port2: { postMessage(data: unknown): void } } {
    const port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
    const port2 = { postMessage: (data: unknown) => void this.setImmediate(() => port1.onmessage?.({ data })) };
    return { port1, port2 };
  }

  /** Queues an outside event (an agent event arriving) at a virtual time. */
  deliverAt(at: number, run: () => void): void {
    this.enqueue({ at, kind: 'event', run });
  }

  /** Measures the cost of an empty task, to subtract from every measured task. */
  async calibrate(samples = 2000): Promise<number> {
    const costs: number[] = [];
    for (let index = 0; index < samples; index += 1) {
      const start = this.realNow();
      await this.realYield();
      costs.push(this.realNow() - start);
    }
    costs.sort((left, right) => left - right);
    this.overheadMs = costs[Math.floor(costs.length / 2)] ?? 0;
    return this.overheadMs;
  }

  /**
   * Runs queued tasks in virtual-time order until none is left before `untilAt` (or at all),
   * calling `onTask` after each with its timing; `afterTask` runs unmeasured (for DOM checks).
   */
  async run(options: { untilAt?: number; onTask: (timing: VirtualTaskTiming) => void; afterTask?: () => void }): Promise<void> {
    for (;;) {
      const task = this.takeNext(options.untilAt);
      if (task === undefined) return;
      this.now = Math.max(this.now, task.at);
      const start = this.realNow();
      try {
        task.run();
      } catch (error) {
        process.stderr.write(`task threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      }
      await this.realYield();
      const durationMs = Math.max(0, this.realNow() - start - this.overheadMs);
      options.onTask({ at: this.now, durationMs, kind: task.kind });
      options.afterTask?.();
    }
  }

  private runFrame(): void {
    this.frameTaskQueued = false;
    const callbacks = [...this.frameCallbacks.values()];
    this.frameCallbacks = new Map();
    for (const callback of callbacks) callback(this.now);
  }

  private enqueue(task: Omit<QueuedTask, 'seq' | 'id'>): number {
    const id = this.nextId++;
    this.push({ ...task, id });
    return id;
  }

  private push(task: Omit<QueuedTask, 'seq'>): void {
    const queued: QueuedTask = { ...task, seq: this.seq++ };
    // Binary insertion keeps the queue ordered by (at, seq).
    let low = 0;
    let high = this.queue.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = this.queue[middle];
      if (other.at < queued.at || (other.at === queued.at && other.seq < queued.seq)) low = middle + 1;
      else high = middle;
    }
    this.queue.splice(low, 0, queued);
  }

  private takeNext(untilAt: number | undefined): QueuedTask | undefined {
    while (this.queue.length > 0) {
      const head = this.queue[0];
      if (untilAt !== undefined && head.at > untilAt) return undefined;
      this.queue.shift();
      if (this.cancelled.delete(head.id)) continue;
      return head;
    }
    return undefined;
  }
}
