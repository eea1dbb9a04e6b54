import { startTimer } from './timer';
/**
 * The whole-run timeout (DESIGN.md 4). Time spent waiting for the user's answer to
 * `request_input` does not count, so the timer pauses while a question is open.
 * `signal` aborts when the budget is spent.
 */
export class RunClock {
  private readonly controller = new AbortController();
  private remainingMs: number;
  private cancelTimer: (() => void) | undefined;
  private resumedAt = 0;

  constructor(private readonly options: { budgetMs: number; now: () => number }) {
    this.remainingMs = options.budgetMs;
  }

  /** Aborts once the run has used its budget. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether the budget ran out (as opposed to a stop by the user). */
  get timedOut(): boolean {
    return this.controller.signal.aborted;
  }

  /** The budget this clock was given. */
  get budgetMs(): number {
    return this.options.budgetMs;
  }

  start(): void {
    if (this.cancelTimer !== undefined || this.timedOut) return;
    this.resumedAt = this.options.now();
    this.cancelTimer = startTimer(Math.max(0, this.remainingMs), () => this.controller.abort(runTimeoutReason()));
  }

  pause(): void {
    if (this.cancelTimer === undefined) return;
    this.cancelTimer();
    this.cancelTimer = undefined;
    this.remainingMs -= Math.max(0, this.options.now() - this.resumedAt);
  }

  dispose(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }
}

/** The abort reason of a run that used up its time, so tools and messages can tell it from a stop. */
export function runTimeoutReason(): Error {
  const error = new Error('The run took too long.');
  error.name = 'TimeoutError';
  return error;
}

/** Whether `signal` was aborted by the whole-run timeout rather than by the user. */
export function abortedByRunTimeout(signal: AbortSignal): boolean {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name === 'TimeoutError';
}
