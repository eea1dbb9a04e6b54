/**
 * Counts React commits and the roots they belong to, through the same global hook React DevTools
 * uses (`__REACT_DEVTOOLS_GLOBAL_HOOK__`), which react-dom calls on every commit in production
 * builds too. It must be installed before react-dom is first evaluated: the jsdom benchmark
 * installs it before importing React, the browser bundle imports this module first.
 */
export interface ReactCommitCounter {
  /** Commits since the last {@link ReactCommitCounter.reset}. */
  commits(): number;
  /** Distinct roots that committed since the last reset (a remount is a new root). */
  roots(): number;
  /** Commit times (from the clock given) since the last reset. */
  commitTimes(): readonly number[];
  reset(): void;
}

interface DevtoolsHookGlobal {
  __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown;
}

/** Installs the counting hook on `target` (the global object) and returns the counter. */
export function installReactCommitCounter(target: object, now: () => number): ReactCommitCounter {
  let commits = 0;
  let roots = new Set<object>();
  let times: number[] = [];
  const hook = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map<number, unknown>(),
    inject(renderer: unknown): number {
      const id = hook.renderers.size + 1;
      hook.renderers.set(id, renderer);
      return id;
    },
    onCommitFiberRoot(_rendererId: number, root: object): void {
      commits += 1;
      roots.add(root);
      times.push(now());
    },
    onCommitFiberUnmount(): void {},
    onPostCommitFiberRoot(): void {},
    onScheduleFiberRoot(): void {},
    checkDCE(): void {},
  };
  (target as DevtoolsHookGlobal).__REACT_DEVTOOLS_GLOBAL_HOOK__ = hook;
  return {
    commits: () => commits,
    roots: () => roots.size,
    commitTimes: () => times,
    reset: () => {
      commits = 0;
      roots = new Set();
      times = [];
    },
  };
}
