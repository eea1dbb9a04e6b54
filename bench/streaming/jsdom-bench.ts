import { JSDOM } from 'jsdom';
import { setImmediate as realSetImmediate } from 'node:timers';
import type { BenchRenderer, BenchRendererContext, MarkdownCounter } from './bench-renderer';
import { maxPerWindow, StepVisibilityTracker, type StreamingMeasurement } from './measurement';
import { buildStreamingRun, type StreamingRun } from './run-events';
import { VirtualEventLoop } from './virtual-loop';
import type { CommitCounter } from '../../tools/render-commits/profiler-commit-counter';

/** The jsdom world the benchmark runs in: a window, a virtual event loop and the commit counter. */
export interface JsdomBenchWorld {
  readonly loop: VirtualEventLoop;
  readonly commits: CommitCounter;
  readonly document: Document;
  /** Milliseconds the loop subtracts from every task as its own overhead. */
  readonly overheadMs: number;
  /** Puts Node's own timers, `Date.now` and globals back (before anything else runs in the process). */
  restore(): void;
}

const WINDOW_GLOBALS = [
  'window', 'document', 'navigator', 'location', 'getComputedStyle', 'matchMedia',
  'Node', 'Element', 'HTMLElement', 'SVGElement', 'Text', 'Comment', 'DocumentFragment', 'Document',
  'HTMLDivElement', 'HTMLSpanElement', 'HTMLButtonElement', 'HTMLAnchorElement', 'HTMLInputElement', 'HTMLTextAreaElement',
  'Event', 'CustomEvent', 'MouseEvent', 'KeyboardEvent', 'FocusEvent', 'InputEvent', 'UIEvent',
  'MutationObserver', 'Range', 'Selection', 'DOMParser', 'NodeFilter', 'HTMLCollection', 'NodeList',
];

/**
 * Builds the jsdom world. Must run before React (or anything that captures timers) is imported:
 * React's scheduler picks `setImmediate`/`MessageChannel` when its module is first evaluated,
 * and here those queue tasks on the virtual loop. `Date.now` follows the virtual clock (the
 * reasoning timer reads it); `performance.now` stays real, for measuring.
 */
export async function createJsdomBenchWorld(startEpochMs: number): Promise<JsdomBenchWorld> {
  process.env.NODE_ENV = 'production';
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/', pretendToBeVisual: false });
  const win = dom.window as unknown as Record<string, unknown>;
  // Node's global object (this runs in the bench process, not in a page).
  const target = global as unknown as Record<string, unknown>;
  const saved = new Map<string, unknown>();
  const replace = (name: string, value: unknown): void => {
    if (!saved.has(name)) saved.set(name, target[name]);
    target[name] = value;
  };
  for (const name of WINDOW_GLOBALS) {
    if (win[name] !== undefined) replace(name, name === 'window' ? dom.window : win[name]);
  }
  if (typeof win.matchMedia !== 'function') {
    const matchMedia = (query: string) => ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false });
    win.matchMedia = matchMedia;
    replace('matchMedia', matchMedia);
  }
  const loop = new VirtualEventLoop({
    startEpochMs,
    // CPU time, not wall time: on a shared machine a task preempted by another process would
    // otherwise look long. (Process CPU: V8's helper threads count too, which only ever adds.)
    realNow: cpuMs,
    realYield: () => new Promise<void>((resolve) => realSetImmediate(resolve)),
  });
  const timers: Record<string, unknown> = {
    setTimeout: (...args: Parameters<typeof loop.setTimeout>) => nodeHandle(loop.setTimeout(...args)),
    clearTimeout: (handle?: unknown) => loop.clear(handleId(handle)),
    setInterval: (...args: Parameters<typeof loop.setInterval>) => nodeHandle(loop.setInterval(...args)),
    clearInterval: (handle?: unknown) => loop.clear(handleId(handle)),
    setImmediate: (...args: Parameters<typeof loop.setImmediate>) => nodeHandle(loop.setImmediate(...args)),
    clearImmediate: (handle?: unknown) => loop.clear(handleId(handle)),
    requestAnimationFrame: loop.requestAnimationFrame,
    cancelAnimationFrame: loop.cancelAnimationFrame,
    MessageChannel: function VirtualMessageChannel() {
      return loop.createMessageChannel();
    },
  };
  for (const [name, value] of Object.entries(timers)) {
    replace(name, value);
    win[name] = value;
  }
  const realDateNow = Date.now;
  Date.now = () => Math.round(loop.now);
  const overheadMs = await loop.calibrate();
  // React only now, on the virtual timers: react-dom's profiling build (production React whose
  // <Profiler> reports), every root inside the counter's <Profiler>.
  const { createRoot } = await import('react-dom/profiling');
  const { createCommitCounter } = await import('../../tools/render-commits/profiler-commit-counter');
  const commits = createCommitCounter({ now: () => loop.now, createRoot });
  const restore = (): void => {
    for (const [name, value] of saved) {
      if (value === undefined) delete target[name];
      else target[name] = value;
    }
    Date.now = realDateNow;
  };
  return { loop, commits, document: dom.window.document, overheadMs, restore };
}

/**
 * A Node-style timer handle around a virtual timer's id. tsx, when it compiles a file the bench
 * imports mid-run, calls `setImmediate(...).unref()`; a bare number made the jsdom half stop with
 * "setImmediate(...).unref is not a function" whenever tsx's cache was cold.
 */
function nodeHandle(id: number): { readonly id: number; ref(): unknown; unref(): unknown; hasRef(): boolean; [Symbol.toPrimitive](): number } {
  return {
    id,
    ref() { return this; },
    unref() { return this; },
    hasRef: () => true,
    [Symbol.toPrimitive]: () => id,
  };
}

function handleId(handle: unknown): number | undefined {
  if (handle === undefined || handle === null) return undefined;
  return typeof handle === 'object' && 'id' in handle ? Number(handle.id) : Number(handle);
}

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Options of {@link measureInJsdom}. */
export interface JsdomMeasureOptions {
  readonly world: JsdomBenchWorld;
  readonly renderer: BenchRenderer;
  /** Builds the renderer's context; `markdown` collects what it renders. */
  readonly context: (markdown: MarkdownCounter) => BenchRendererContext;
  /** The run's shape; `startedAt` is set to the loop's clock. */
  readonly runOptions?: Parameters<typeof buildStreamingRun>[0];
}

/** Plays the deterministic run into one renderer on the virtual loop and measures it. */
export async function measureInJsdom(options: JsdomMeasureOptions): Promise<StreamingMeasurement> {
  const { world, renderer } = options;
  const { loop } = world;
  // Start on a frame boundary a little after the previous run's leftovers.
  const startAt = Math.ceil((loop.now + 5000) / 1000) * 1000;
  const run: StreamingRun = buildStreamingRun({ ...options.runOptions, startedAt: startAt });
  const container = world.document.body.appendChild(world.document.createElement('div'));
  const markdown: MarkdownCounter = { calls: 0, chars: 0 };
  await loop.run({ untilAt: startAt, onTask: () => undefined });
  loop.now = startAt;
  world.commits.reset();
  renderer.mount(container, options.context(markdown));
  // Let the renderer finish its own start-up promises before the first event arrives.
  await new Promise<void>((resolve) => realSetImmediate(resolve));
  const steps = new StepVisibilityTracker(run.stepSummaries);
  const seenSteps = new Map<string, number>();
  for (const timed of run.events) {
    loop.deliverAt(startAt + timed.offsetMs, () => {
      const event = timed.event;
      if (event.type === 'step' && !seenSteps.has(event.step.id)) {
        seenSteps.set(event.step.id, seenSteps.size);
        steps.stepSent(seenSteps.size - 1, loop.now);
      }
      renderer.onEvent(event);
    });
  }
  let mainThreadMs = 0;
  let longestTaskMs = 0;
  let tasksOver16Ms = 0;
  const debugLongMs = Number(process.env.GLASSBOX_BENCH_LONG_MS ?? 16);
  // One second after the last event covers the fold to "Thought for" and the final save.
  await loop.run({
    untilAt: startAt + run.durationMs + 1000,
    onTask: (timing) => {
      mainThreadMs += timing.durationMs;
      longestTaskMs = Math.max(longestTaskMs, timing.durationMs);
      if (timing.durationMs > 16) tasksOver16Ms += 1;
      // GLASSBOX_BENCH_DEBUG=1 prints each task over 16 ms (GLASSBOX_BENCH_LONG_MS=8: over 8 ms) with its virtual time.
      if (process.env.GLASSBOX_BENCH_DEBUG && timing.durationMs > debugLongMs) process.stderr.write(`long task ${timing.kind} at +${(timing.at - startAt).toFixed(0)} ms: ${timing.durationMs.toFixed(1)} ms\n`);
    },
    afterTask: () => steps.check(container, loop.now),
  });
  const measurement: StreamingMeasurement = {
    mainThreadMs,
    longestTaskMs,
    tasksOver16Ms,
    commits: world.commits.commits(),
    maxCommitsPerSecond: maxPerWindow(world.commits.commitTimes()),
    markdownCalls: markdown.calls,
    markdownChars: markdown.chars,
    rootsMounted: world.commits.roots(),
    maxStepLatencyMs: steps.maxLatencyMs,
    stepsMissing: steps.missing,
    answerComplete: answerShown(container, run.answer),
  };
  renderer.unmount();
  await loop.run({ untilAt: loop.now + 100, onTask: () => undefined });
  container.remove();
  return measurement;
}

/** Whether the answer's last words are on screen (the renderer kept up to the end). */
function answerShown(container: HTMLElement, answer: string): boolean {
  const words = answer.replace(/[^\p{L}\p{N} ]+/gu, ' ').trim().split(/\s+/);
  const tail = words.slice(-3).join(' ');
  const text = (container.textContent ?? '').replace(/[^\p{L}\p{N} ]+/gu, ' ').replace(/\s+/g, ' ');
  return text.includes(tail);
}
