import { options } from 'preact';

/**
 * Counts Preact's commits and the roots they belong to. The UI is written against React's API
 * and runs on Preact (`preact/compat`, esbuild.options.mjs `reactToPreact`) in main.js, the
 * playground, the benches and jest alike; this replaces React's `<Profiler>` and DevTools hook.
 *
 * A commit here is one pass of DOM updates, what React calls a commit: a `render()` into a root,
 * or one run of Preact's render queue, which re-renders every component whose state changed
 * since the last run (parents first, each once) in one synchronous go. Preact finishes each
 * re-rendered component with its own internal `commitRoot`; those of one queue run count once
 * per root they touched, as React's batched commit of each root did.
 *
 * Preact's hooks for this are internal (the ones its DevTools use) and published under mangled
 * names: `options._root` (`__`, called by `render()`), `options._commit` (`__c`, once per
 * `commitRoot`), a vnode's `_parent` (`__`) and a container's `_children` (`__k`). The render
 * queue runs through `options.debounceRendering`, which `preact/test-utils` (so `act()`) and
 * `flushSync` replace for a while; the counter sees every replacement through a property on
 * `options` and wraps the queue run it is given.
 */
export interface CommitCounter {
  /** Commits since the last {@link CommitCounter.reset}, of all roots (a pass that updates two roots is two); with `container`, only those of the root rendered into it. */
  commits(container?: Element): number;
  /** Distinct roots (containers rendered into) that committed since the last reset: a remount into a new element is a new root. */
  roots(): number;
  /** Commit times (from the clock given) since the last reset. */
  commitTimes(): readonly number[];
  reset(): void;
}

interface InternalVNode {
  __?: InternalVNode | null;
}

type Debounce = ((flush: () => void) => void) | undefined;

interface InternalOptions {
  /** `_root(vnode, container)`: called at the start of every `render()`. */
  __?: (vnode: unknown, container: Element) => void;
  /** `_commit(vnode, commitQueue)`: called once per `commitRoot`. */
  __c?: (vnode: InternalVNode, commitQueue: unknown[]) => void;
  debounceRendering?: Debounce;
}

interface InternalContainer extends Element {
  __k?: InternalVNode | null;
}

let installed: CommitCounter | null = null;
let clock: () => number = () => 0;

/**
 * Installs the counting hooks on Preact's `options` (chained after those already there) and
 * returns the counter, whose commit times read `now`. The hooks are installed once per Preact
 * instance: a later call gets the same counter, with `now` as its clock from then on.
 */
export function installPreactCommitCounter(now: () => number): CommitCounter {
  clock = now;
  if (installed) return installed;
  const hooks = options as unknown as InternalOptions;
  const previousRoot = hooks.__;
  const previousCommit = hooks.__c;
  // The top vnode of each root's latest render() -> the element it renders into.
  const containerOf = new WeakMap<InternalVNode, Element>();
  let rendering: InternalContainer | null = null;
  // Which pass a commit belongs to: a render() call or a run of the render queue.
  let pass = 0;
  let inQueueRun = false;
  let counted = new Map<Element | null, number>();
  let lastPassOf = new Map<Element | null, number>();
  let total = 0;
  let times: number[] = [];

  hooks.__ = (vnode, container) => {
    rendering = container;
    if (!inQueueRun) pass += 1;
    previousRoot?.(vnode, container);
  };
  hooks.__c = (vnode, commitQueue) => {
    let top = vnode;
    while (top.__) top = top.__;
    if (rendering && rendering.__k === top) containerOf.set(top, rendering);
    rendering = null;
    const container = containerOf.get(top) ?? null;
    // One commit per root per pass, as React committed each root on its own.
    if (lastPassOf.get(container) !== pass) {
      lastPassOf.set(container, pass);
      counted.set(container, (counted.get(container) ?? 0) + 1);
      total += 1;
      times.push(clock());
    }
    previousCommit?.(vnode, commitQueue);
  };

  // The render queue's run, wrapped so its commits count as one pass.
  const wrappedRuns = new WeakMap<() => void, () => void>();
  const asOnePass = (run: () => void): (() => void) => {
    let wrapped = wrappedRuns.get(run);
    if (!wrapped) {
      wrapped = () => {
        const outer = inQueueRun;
        if (!outer) pass += 1;
        inQueueRun = true;
        try {
          run();
        } finally {
          inQueueRun = outer;
        }
      };
      wrappedRuns.set(run, wrapped);
    }
    return wrapped;
  };
  // Each scheduler set on options, and the wrapper handed out for it (stable, since Preact compares it).
  const wrappers = new Map<Debounce, NonNullable<Debounce>>();
  const unwrapped = new WeakMap<NonNullable<Debounce>, Debounce>();
  const wrapperOf = (schedule: Debounce): NonNullable<Debounce> => {
    let wrapper = wrappers.get(schedule);
    if (!wrapper) {
      wrapper = (run) => (schedule ?? queueMicrotask)(asOnePass(run));
      wrappers.set(schedule, wrapper);
      unwrapped.set(wrapper, schedule);
    }
    return wrapper;
  };
  let schedule: Debounce = hooks.debounceRendering;
  Object.defineProperty(options, 'debounceRendering', {
    configurable: true,
    enumerable: true,
    get: () => wrapperOf(schedule),
    set: (value: Debounce) => {
      schedule = value !== undefined && unwrapped.has(value) ? unwrapped.get(value) : value;
      if (wrappers.size > 8) wrappers.clear();
    },
  });

  installed = {
    commits: (container) => (container === undefined ? total : (counted.get(container) ?? 0)),
    roots: () => [...counted.keys()].filter((container) => container !== null).length,
    commitTimes: () => times,
    reset: () => {
      total = 0;
      counted = new Map();
      lastPassOf = new Map();
      times = [];
    },
  };
  return installed;
}
