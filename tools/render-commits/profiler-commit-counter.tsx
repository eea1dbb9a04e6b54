import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';

/**
 * Counts React commits per root through React's own `<Profiler>`, for the render budgets
 * (DESIGN.md 10: one commit per frame, roots never remounted; tests/ui/chat/render-counts.test.tsx
 * and the streaming bench). Each root the counter knows renders its content inside one
 * `<Profiler>`, whose `onRender` React calls once per commit of that root in which anything in
 * it rendered. React calls it in development builds (jest) and in its profiling build
 * (`react-dom/profiling`, which the benches pass as `createRoot`), not in the production build
 * main.js ships.
 */
export interface CommitCounter {
  /** `node` inside the `<Profiler>` of the root rendered into `container`. */
  profile(container: Element, node: ReactNode): ReactNode;
  /** A root in `container` whose every render is profiled (for `RootRegistry`'s `createRoot`). */
  createRoot(container: HTMLElement): Root;
  /** Commits since the last {@link CommitCounter.reset}, of all roots (a pass that updates two roots is two); with `container`, only those of the root rendered into it. */
  commits(container?: Element): number;
  /** Distinct roots (containers) that committed since the last reset: a remount into a new element is a new root. */
  roots(): number;
  /** Commit times (from the clock given) since the last reset. */
  commitTimes(): readonly number[];
  reset(): void;
}

export interface CommitCounterOptions {
  /** The clock of {@link CommitCounter.commitTimes}. */
  readonly now?: () => number;
  /**
   * Makes the roots {@link CommitCounter.createRoot} profiles: react-dom's (jest) or
   * react-dom/profiling's (the benches). Not imported here, so a page holds one renderer: with
   * two, `flushSync` would flush only the one evaluated last.
   */
  readonly createRoot?: (container: HTMLElement) => Root;
}

export function createCommitCounter(options: CommitCounterOptions = {}): CommitCounter {
  const now = options.now ?? (() => 0);
  const makeRoot = options.createRoot ?? ((): never => {
    throw new Error('createCommitCounter: no createRoot was given to make roots with.');
  });
  // A Profiler's id names its root; each container gets one id for its life.
  const idOf = new WeakMap<Element, string>();
  let nextId = 0;
  let counted = new Map<string, number>();
  let total = 0;
  let times: number[] = [];

  const onRender: ProfilerOnRenderCallback = (id) => {
    counted.set(id, (counted.get(id) ?? 0) + 1);
    total += 1;
    times.push(now());
  };
  const rootId = (container: Element): string => {
    let id = idOf.get(container);
    if (id === undefined) {
      id = `root-${nextId++}`;
      idOf.set(container, id);
    }
    return id;
  };
  const profile = (container: Element, node: ReactNode): ReactNode => (
    <Profiler id={rootId(container)} onRender={onRender}>{node}</Profiler>
  );

  return {
    profile,
    createRoot: (container) => {
      const root = makeRoot(container);
      return {
        render: (node) => root.render(profile(container, node)),
        unmount: () => root.unmount(),
      };
    },
    commits: (container) => {
      if (container === undefined) return total;
      const id = idOf.get(container);
      return id === undefined ? 0 : (counted.get(id) ?? 0);
    },
    roots: () => counted.size,
    commitTimes: () => times,
    reset: () => {
      total = 0;
      counted = new Map();
      times = [];
    },
  };
}
