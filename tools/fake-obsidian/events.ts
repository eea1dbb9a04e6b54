/** A listener registration, as Obsidian's `EventRef`: enough to unregister it later. */
export interface FakeEventRef {
  /** The emitter the listener belongs to. */
  e: Events;
  /** Event name. */
  name: string;
  /** The listener. */
  fn: (...data: unknown[]) => unknown;
  /** `this` for the listener. */
  ctx?: unknown;
}

/**
 * Obsidian's `Events`: named events with `on`/`off`/`offref`/`trigger`.
 * Like the real one, a throwing listener is reported and does not stop the others.
 */
export class Events {
  private readonly listeners = new Map<string, FakeEventRef[]>();

  /** Registers `callback` for `name` and returns a ref for `offref`. */
  on(name: string, callback: (...data: never[]) => unknown, ctx?: unknown): FakeEventRef {
    const ref: FakeEventRef = { e: this, name, fn: callback as (...data: unknown[]) => unknown, ctx };
    const list = this.listeners.get(name) ?? [];
    list.push(ref);
    this.listeners.set(name, list);
    return ref;
  }

  /** Removes every registration of `callback` for `name`. */
  off(name: string, callback: (...data: never[]) => unknown): void {
    const list = this.listeners.get(name);
    if (!list) return;
    this.listeners.set(name, list.filter((ref) => ref.fn !== callback));
  }

  /** Removes one registration. */
  offref(ref: FakeEventRef): void {
    const list = this.listeners.get(ref.name);
    if (!list) return;
    this.listeners.set(ref.name, list.filter((item) => item !== ref));
  }

  /** Calls the listeners of `name` in registration order. */
  trigger(name: string, ...data: unknown[]): void {
    // A copy, so a listener that unregisters itself does not skip its neighbour.
    for (const ref of [...(this.listeners.get(name) ?? [])]) this.tryTrigger(ref, data);
  }

  /** Calls one listener; an exception is logged, as Obsidian does, so one bad listener cannot break the emitter. */
  tryTrigger(ref: FakeEventRef, args: unknown[]): void {
    try {
      ref.fn.apply(ref.ctx, args);
    } catch (error) {
      console.error(error);
    }
  }

  /** Fake-only: how many listeners `name` has (tests use it to check cleanup). */
  listenerCount(name: string): number {
    return this.listeners.get(name)?.length ?? 0;
  }
}
