import { browserCommitCounter } from './browser-commit-hook';
import { App } from '../../tools/fake-obsidian';
import { countingHostServices, type BenchRenderer, type MarkdownCounter } from './bench-renderer';
import { fakeHostServices } from './fake-host-services';
import { maxPerWindow, StepVisibilityTracker } from './measurement';
import { NaiveMessageRenderer } from './NaiveMessageRenderer';
import { PlainTextFloor } from './PlainTextFloor';
import { RealChatRenderer } from './RealChatRenderer';
import { ConcurrentChatRenderers } from './ConcurrentChatRenderers';
import { buildStreamingRun, type StreamingRunOptions } from './run-events';

/** The renderers the benchmark plays the run into. */
export type BenchRendererName = 'real' | 'naive' | 'floor' | 'sessions';

const RENDERERS: Record<BenchRendererName, () => BenchRenderer> = {
  real: () => new RealChatRenderer(),
  naive: () => new NaiveMessageRenderer(),
  floor: () => new PlainTextFloor(),
  sessions: () => new ConcurrentChatRenderers(),
};

/** What one browser run reports; the Node side adds main-thread time from the Chromium trace. */
export interface BrowserRunResult {
  readonly renderer: string;
  readonly commits: number;
  readonly maxCommitsPerSecond: number;
  readonly rootsMounted: number;
  readonly markdownCalls: number;
  readonly markdownChars: number;
  readonly maxStepLatencyMs: number;
  readonly stepsMissing: number;
  readonly answerComplete: boolean;
  /** Wall time of the run, from the first event to the end. */
  readonly wallMs: number;
  /** Long tasks (over 50 ms) the page's own PerformanceObserver saw. */
  readonly longTasks: number;
}

declare global {
  interface Window {
    streamingBench?: { run(name: BenchRendererName, options?: StreamingRunOptions): Promise<BrowserRunResult> };
  }
}

const app = new App();
const host = fakeHostServices(app);

/**
 * Plays the benchmark run in real time into one renderer: events go out on timers at their
 * offsets (a batch per timer task, as chunks arrive from the network), `performance` marks
 * `bench-start`/`bench-end` delimit the run for the trace, and a MutationObserver times each
 * step's arrival in the DOM (disconnected once all steps are seen).
 */
async function run(name: BenchRendererName, options: StreamingRunOptions = {}): Promise<BrowserRunResult> {
  const renderer = RENDERERS[name]();
  // A sidebar-sized box, so layout and paint cost what they cost in the right sidebar.
  const container = document.body.createDiv({ cls: 'bench-container' });
  container.setCssProps({ width: '420px', height: '800px', overflow: 'auto' });
  const markdown: MarkdownCounter = { calls: 0, chars: 0 };
  const startedAt = Date.now();
  const streaming = buildStreamingRun({ ...options, startedAt });
  let longTasks = 0;
  const longTaskObserver = new PerformanceObserver((list) => {
    longTasks += list.getEntries().length;
  });
  longTaskObserver.observe({ type: 'longtask', buffered: false });
  browserCommitCounter.reset();
  renderer.mount(container, {
    host: countingHostServices(host, markdown),
    createRoot: (element) => browserCommitCounter.createRoot(element),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (id) => window.clearInterval(id),
  });
  await new Promise((resolve) => window.setTimeout(resolve, 50));
  browserCommitCounter.reset();
  const steps = new StepVisibilityTracker(streaming.stepSummaries);
  const stepObserver = new MutationObserver(() => {
    steps.check(container, performance.now());
    if (steps.missing === 0) stepObserver.disconnect();
  });
  stepObserver.observe(container, { childList: true, subtree: true, characterData: true });
  const seenSteps = new Map<string, number>();
  performance.mark('bench-start');
  const t0 = performance.now();
  await new Promise<void>((resolve) => {
    let next = 0;
    const tick = (): void => {
      // A renderer that falls behind gets its backlog one frame's worth of chunks per task, as
      // a network stream hands it over, so its own timers still get their turns in between.
      const elapsed = performance.now() - t0;
      const until = Math.min(elapsed, (streaming.events[next]?.offsetMs ?? 0) + 16);
      while (next < streaming.events.length && streaming.events[next].offsetMs <= until) {
        const event = streaming.events[next].event;
        next += 1;
        // Phase marks for reading a kept trace (GLASSBOX_BENCH_TRACE_DIR): the answer starts, the run ends.
        if (event.type === 'answer_start') performance.mark('bench-answer');
        if (event.type === 'run_end') performance.mark('bench-run-end');
        if (event.type === 'step' && !seenSteps.has(event.step.id)) {
          seenSteps.set(event.step.id, seenSteps.size);
          steps.stepSent(seenSteps.size - 1, performance.now());
        }
        renderer.onEvent(event);
      }
      if (next >= streaming.events.length) resolve();
      else window.setTimeout(tick, Math.max(0, streaming.events[next].offsetMs - (performance.now() - t0)));
    };
    tick();
  });
  // One more second: the fold to "Thought for" and the end of the turn.
  await new Promise((resolve) => window.setTimeout(resolve, 1000));
  const wallMs = performance.now() - t0;
  performance.mark('bench-end');
  // The checks and the teardown below are the bench's own work: a task of their own, after the mark.
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  stepObserver.disconnect();
  longTaskObserver.disconnect();
  const text = (container.textContent ?? '').replace(/[^\p{L}\p{N} ]+/gu, ' ').replace(/\s+/g, ' ');
  const tail = streaming.answer.replace(/[^\p{L}\p{N} ]+/gu, ' ').trim().split(/\s+/).slice(-3).join(' ');
  const result: BrowserRunResult = {
    renderer: renderer.name,
    commits: browserCommitCounter.commits(),
    maxCommitsPerSecond: maxPerWindow(browserCommitCounter.commitTimes()),
    rootsMounted: browserCommitCounter.roots(),
    markdownCalls: markdown.calls,
    markdownChars: markdown.chars,
    maxStepLatencyMs: steps.maxLatencyMs,
    stepsMissing: steps.missing,
    answerComplete: text.includes(tail),
    wallMs,
    longTasks,
  };
  renderer.unmount();
  container.remove();
  return result;
}

window.streamingBench = { run };
