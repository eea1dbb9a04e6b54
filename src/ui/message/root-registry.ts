import type { ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { createRoot } from '../create-root';

/** A React root the registry created; `render` updates it, `unmount` releases it. */
export interface ManagedRoot {
  render(node: ReactNode): void;
  unmount(): void;
}

export interface RootRegistryOptions {
  /**
   * Makes each root: react-dom's `createRoot` unless given (the render budgets' commit counter
   * gives one that profiles every root, tools/render-commits).
   */
  readonly createRoot?: (el: HTMLElement) => Root;
}

/**
 * Every React root mounted into rendered Markdown (reasoning blocks, tool banners), so the view
 * can prove none is left behind: `live` counts roots not yet unmounted, `created` counts every
 * root ever made (a remount would show up as an extra creation).
 */
export class RootRegistry {
  private readonly roots = new Set<Root>();
  private createdCount = 0;
  private readonly makeRoot: (el: HTMLElement) => Root;

  constructor(options: RootRegistryOptions = {}) {
    this.makeRoot = options.createRoot ?? createRoot;
  }

  /** Roots currently mounted. */
  get live(): number {
    return this.roots.size;
  }

  /** Roots created since the registry was made. */
  get created(): number {
    return this.createdCount;
  }

  /** Creates a root in `el`. Create once per placeholder and update it with `render`. */
  create(el: HTMLElement): ManagedRoot {
    const root = this.makeRoot(el);
    this.roots.add(root);
    this.createdCount += 1;
    let unmounted = false;
    return {
      render: (node) => {
        if (!unmounted) root.render(node);
      },
      unmount: () => {
        if (unmounted) return;
        unmounted = true;
        this.release(root);
      },
    };
  }

  /** Unmounts every root now (the view is closing, outside any React render). */
  unmountAll(): void {
    for (const root of [...this.roots]) {
      this.roots.delete(root);
      root.unmount();
    }
  }

  private release(root: Root): void {
    // Roots are released from the outer tree's effect cleanups; React refuses to unmount a root
    // synchronously while it is rendering, so the unmount waits for the current task to finish.
    queueMicrotask(() => {
      if (!this.roots.delete(root)) return;
      root.unmount();
    });
  }
}
