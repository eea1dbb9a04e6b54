import type { FakeEventRef } from './events';

/**
 * Obsidian's `Component`: a lifecycle owner. Children load with it and unload with it, and
 * everything registered through `register*` is undone on unload, in reverse order.
 */
export class Component {
  /** @internal Loaded state, named as in Obsidian so code that peeks at it behaves the same. */
  _loaded = false;
  private readonly children: Component[] = [];
  private readonly cleanups: (() => unknown)[] = [];

  /** Loads the component (once) and then its children. */
  load(): void {
    if (this._loaded) return;
    this._loaded = true;
    void this.onload();
    for (const child of [...this.children]) child.load();
  }

  /** Override to set up. */
  onload(): Promise<void> | void {}

  /** Unloads children (last added first), runs the registered cleanups (last first), then `onunload`. */
  unload(): void {
    if (!this._loaded) return;
    this._loaded = false;
    while (this.children.length > 0) this.children.pop()!.unload();
    while (this.cleanups.length > 0) {
      try {
        this.cleanups.pop()!();
      } catch (error) {
        console.error(error);
      }
    }
    this.onunload();
  }

  /** Override to tear down. */
  onunload(): void {}

  /** Adds a child; it is loaded now if this component is loaded. */
  addChild<T extends Component>(component: T): T {
    this.children.push(component);
    if (this._loaded) component.load();
    return component;
  }

  /** Removes and unloads a child. */
  removeChild<T extends Component>(component: T): T {
    const index = this.children.indexOf(component);
    if (index >= 0) {
      this.children.splice(index, 1);
      component.unload();
    }
    return component;
  }

  /** Runs `cb` on unload. */
  register(cb: () => unknown): void {
    this.cleanups.push(cb);
  }

  /** Unregisters the event on unload. */
  registerEvent(eventRef: FakeEventRef): void {
    this.register(() => eventRef.e.offref(eventRef));
  }

  /** Adds a DOM listener now and removes it on unload. */
  registerDomEvent(
    el: Window | Document | HTMLElement,
    type: string,
    callback: (this: HTMLElement, ev: Event) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void {
    const listener = callback;
    el.addEventListener(type, listener, options);
    this.register(() => el.removeEventListener(type, listener, options));
  }

  /** Clears the interval on unload. */
  registerInterval(id: number): number {
    this.register(() => globalThis.clearInterval(id));
    return id;
  }

  /** Fake-only: the current children (tests check cleanup with it). */
  get childComponents(): readonly Component[] {
    return this.children;
  }
}
