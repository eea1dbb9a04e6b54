/** What one renderer did during one run of the streaming benchmark. */
export interface StreamingMeasurement {
  /** Sum of the durations of every task from the first event to the end (plus the trailing second). */
  readonly mainThreadMs: number;
  /** Of which style, layout and paint (Chromium only; jsdom does no layout). */
  readonly renderingMs?: number;
  /** The longest single task. */
  readonly longestTaskMs: number;
  /** Tasks that took more than one frame (16 ms). */
  readonly tasksOver16Ms: number;
  /** React commits of every root, counted by React's <Profiler> (tools/render-commits/profiler-commit-counter.tsx). */
  readonly commits: number;
  /** The most commits inside any one-second window. */
  readonly maxCommitsPerSecond: number;
  /** Calls to the host's Markdown renderer and the characters they rendered. */
  readonly markdownCalls: number;
  readonly markdownChars: number;
  /** Distinct roots that committed (a remount into a new element counts as a new root). */
  readonly rootsMounted: number;
  /** The slowest delay between a step's event and the step's text being in the DOM. */
  readonly maxStepLatencyMs: number;
  /** Steps that never appeared (must be 0). */
  readonly stepsMissing: number;
  /** Whether the whole answer ended up in the DOM (sanity check of the renderer). */
  readonly answerComplete: boolean;
}

/** The median of each field over several runs (booleans: all true). */
export function medianMeasurement(runs: readonly StreamingMeasurement[]): StreamingMeasurement {
  const median = (pick: (run: StreamingMeasurement) => number): number => {
    const values = runs.map(pick).sort((left, right) => left - right);
    const middle = Math.floor(values.length / 2);
    return values.length % 2 === 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  };
  return {
    mainThreadMs: median((run) => run.mainThreadMs),
    ...(runs.every((run) => run.renderingMs !== undefined) ? { renderingMs: median((run) => run.renderingMs ?? 0) } : {}),
    longestTaskMs: median((run) => run.longestTaskMs),
    tasksOver16Ms: median((run) => run.tasksOver16Ms),
    commits: median((run) => run.commits),
    maxCommitsPerSecond: median((run) => run.maxCommitsPerSecond),
    markdownCalls: median((run) => run.markdownCalls),
    markdownChars: median((run) => run.markdownChars),
    rootsMounted: median((run) => run.rootsMounted),
    maxStepLatencyMs: median((run) => run.maxStepLatencyMs),
    stepsMissing: Math.max(...runs.map((run) => run.stepsMissing)),
    answerComplete: runs.every((run) => run.answerComplete),
  };
}

/** The most timestamps that fall inside any window of `windowMs` (timestamps in ascending order). */
export function maxPerWindow(times: readonly number[], windowMs = 1000): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while (times[end] - times[start] >= windowMs) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/**
 * Watches for each step's summary to appear in the container's text, in order, and records how
 * long after its event it first appeared. Checked after every task, outside the measured time.
 */
export class StepVisibilityTracker {
  private next = 0;
  private readonly eventAt = new Map<number, number>();
  private readonly latencies: number[] = [];

  constructor(private readonly summaries: readonly string[]) {}

  /** The step with this index was sent at `at`. */
  stepSent(index: number, at: number): void {
    if (!this.eventAt.has(index)) this.eventAt.set(index, at);
  }

  /** Looks at the DOM now (time `now`). Cheap once every step has been seen. */
  check(container: HTMLElement, now: number): void {
    if (this.next >= this.summaries.length || !this.eventAt.has(this.next)) return;
    const text = container.textContent ?? '';
    while (this.next < this.summaries.length && this.eventAt.has(this.next) && text.includes(this.summaries[this.next])) {
      this.latencies.push(now - this.eventAt.get(this.next)!);
      this.next += 1;
    }
  }

  get maxLatencyMs(): number {
    return this.latencies.length === 0 ? Number.POSITIVE_INFINITY : Math.max(...this.latencies);
  }

  get missing(): number {
    return this.summaries.length - this.latencies.length;
  }
}
