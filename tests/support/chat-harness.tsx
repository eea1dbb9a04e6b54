import { act, cleanup, render } from '@testing-library/react/pure';
import type { AgentInputOutcome, AgentInputRequest, AgentRunOptions, AgentRunResult } from '../../src/agent/agent-run-options';
import type { AgentEvent, AgentRunEndStatus } from '../../src/agent/events';
import { RunAccumulator } from '../../src/agent/run-accumulator';
import { ChatController, type ChatControllerOptions, type ChatRunRequest } from '../../src/chat';
import { ChatPanel } from '../../src/ui/chat/ChatPanel';
import type { FrameScheduler } from '../../src/chat';
import { RootRegistry } from '../../src/ui/message/root-registry';
import { DEFAULT_DISPLAY_OPTIONS, type ReasoningDisplayOptions } from '../../src/ui/reasoning/display-options';
import { recordingHost } from './ui-host';
import { createCommitCounter } from '../../tools/render-commits/profiler-commit-counter';

(window as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Commits of the panels mounted in this test file (React's <Profiler> around each), counted per container.
const commitCounter = createCommitCounter();

/** Animation frames the test releases by hand. */
export interface ManualFrames {
  readonly schedule: FrameScheduler;
  /** Runs every queued frame callback; returns how many ran. */
  flush(): number;
  readonly pending: () => number;
}

/** A frame scheduler whose frames run only when the test says so. */
export function manualFrames(): ManualFrames {
  let queue: (() => void)[] = [];
  return {
    schedule: (callback) => queue.push(callback),
    flush() {
      const callbacks = queue;
      queue = [];
      act(() => callbacks.forEach((callback) => callback()));
      return callbacks.length;
    },
    pending: () => queue.length,
  };
}

/** One run the test drives by hand: it emits events and ends the run. */
export interface ScriptedRun {
  readonly options: AgentRunOptions;
  emit(event: AgentEvent): void;
  /** Asks the user through the controller's `askUser`, as `request_input` does. */
  ask(request: AgentInputRequest): Promise<AgentInputOutcome>;
  end(status?: AgentRunEndStatus, error?: string): Promise<void>;
}

/**
 * A stand-in for `runAgent` whose runs the test drives event by event (for UI-only tests). It
 * folds the events as the runner does (`RunAccumulator`) and hands the values to `onRun` before
 * each event, as `runAgent` does.
 */
export function scriptedRunner(frames?: ManualFrames) {
  const runs: ScriptedRun[] = [];
  const runAgent = (options: AgentRunOptions): Promise<AgentRunResult> =>
    new Promise<AgentRunResult>((resolve) => {
      const fold = new RunAccumulator();
      runs.push({
        options,
        emit(event) {
          const changed = fold.apply(event);
          act(() => {
            if (changed) options.onRun?.(fold.run);
            options.onEvent(event);
          });
        },
        ask: (request) => options.askUser!(request, options.signal),
        async end(status = 'complete', error) {
          const at = (options.startedAt ?? 0) + 5000;
          this.emit({ type: 'run_end', runId: 'r1', at, status, elapsedMs: 5000, ...(error ? { error } : {}) });
          resolve({ status, content: fold.content(), answer: fold.answer, payload: fold.reasoning!, transcript: [], ...(error ? { error } : {}) });
          await act(async () => {});
          // A frame passes after the end: the finished turn publishes with it (at most one commit per frame).
          frames?.flush();
        },
      });
    });
  return { runAgent, runs };
}

/**
 * Unmounts every rendered tree inside act, so the roots the message renderers release in a
 * microtask are gone before the next test (and React sees it happen inside act).
 */
export async function cleanupChat(): Promise<void> {
  await act(async () => {
    cleanup();
  });
}

/** Options of {@link mountChat}. */
export interface MountChatOptions extends Partial<ChatControllerOptions> {
  readonly display?: ReasoningDisplayOptions;
  /** The panel's note path (a new chat has none until its first save). */
  readonly sourcePath?: string;
}

/** Renders the real ChatPanel on a recording host, counting its root's commits and message renders. */
export function mountChat(options: MountChatOptions = {}) {
  const frames = manualFrames();
  const host = recordingHost();
  const roots = new RootRegistry();
  const scripted = scriptedRunner(frames);
  // What each run was prepared for (the question and its context), in order.
  const prepared: ChatRunRequest[] = [];
  const controller = new ChatController({
    prepareRun: (_model, request) => {
      prepared.push(request);
      return Promise.resolve({ model: { stream: () => { throw new Error('not used'); } }, tools: [] });
    },
    runAgent: scripted.runAgent,
    model: 'test-model',
    loopStyle: 'tools',
    maxIterations: 10,
    scheduleFrame: frames.schedule,
    ...options,
  });
  const messageRenders = new Map<string, number>();
  const renderCounter = { count: (id: string) => messageRenders.set(id, (messageRenders.get(id) ?? 0) + 1) };
  const panel = (sourcePath: string | undefined) => (
    <ChatPanel controller={controller} host={host} roots={roots} display={options.display ?? DEFAULT_DISPLAY_OPTIONS} renderCounter={renderCounter} {...(sourcePath !== undefined ? { sourcePath } : {})} />
  );
  const container = document.body.createDiv();
  const view = render(commitCounter.profile(container, panel(options.sourcePath)), { container });
  /** The chat view's note path changes (the conversation was saved to a note). */
  const setSourcePath = (sourcePath: string) => act(() => view.rerender(commitCounter.profile(container, panel(sourcePath))));
  // The panel's root only (each answer's reasoning block is a root of its own).
  return { controller, frames, host, roots, scripted, view, messageRenders, prepared, setSourcePath, commits: () => commitCounter.commits(view.container) };
}
