/**
 * Obsidian's `normalizePath`: `/` separators, no duplicate, leading or trailing slashes,
 * non-breaking spaces turned into spaces, NFC; the empty path becomes `/`.
 */
export function normalizePath(path: string): string {
  const cleaned = path
    .replace(/[\\/]+/g, '/')
    .replace(/^\/+|\/+$/g, '')
    .replace(/[\u00A0\u202F]/g, ' ')
    .normalize('NFC');
  return cleaned === '' ? '/' : cleaned;
}

/** Obsidian's `Debouncer`: call it to schedule, `cancel` to drop, `run` to call now. */
export interface FakeDebouncer<T extends unknown[], V> {
  (...args: [...T]): FakeDebouncer<T, V>;
  cancel(): FakeDebouncer<T, V>;
  run(): V | void;
}

/**
 * Obsidian's `debounce`: the call runs `timeout` ms after the first call of a burst, or after
 * the last one when `resetTimer` is true, with the latest arguments.
 */
export function debounce<T extends unknown[], V>(cb: (...args: [...T]) => V, timeout = 0, resetTimer = false): FakeDebouncer<T, V> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: [...T] | null = null;
  const run = (): V | void => {
    if (timer !== null) globalThis.clearTimeout(timer);
    timer = null;
    if (pending === null) return;
    const args = pending;
    pending = null;
    return cb(...args);
  };
  const debounced = ((...args: [...T]) => {
    pending = args;
    if (timer !== null && resetTimer) {
      globalThis.clearTimeout(timer);
      timer = null;
    }
    if (timer === null) timer = globalThis.setTimeout(run, timeout);
    return debounced;
  }) as FakeDebouncer<T, V>;
  debounced.cancel = () => {
    if (timer !== null) globalThis.clearTimeout(timer);
    timer = null;
    pending = null;
    return debounced;
  };
  debounced.run = run;
  return debounced;
}
