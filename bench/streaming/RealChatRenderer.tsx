import { flushSync } from 'react-dom';
import type { ReactElement } from 'react';
import type { AgentRunOptions, AgentRunResult } from '../../src/agent/agent-run-options';
import type { AgentEvent } from '../../src/agent/events';
import { RunAccumulator } from '../../src/agent/run-accumulator';
import type { ChatModel } from '../../src/llm/chat-types';
import type { Root } from 'react-dom/client';
import { ChatController } from '../../src/chat';
import { ChatPanel } from '../../src/ui/chat/ChatPanel';
import { RootRegistry } from '../../src/ui/message/root-registry';
import { DEFAULT_DISPLAY_OPTIONS } from '../../src/ui/reasoning/display-options';
import type { BenchRenderer, BenchRendererContext } from './bench-renderer';

/** The model is never called: the scripted `runAgent` below plays the benchmark's events. */
const UNUSED_MODEL: ChatModel = {
  stream: () => {
    throw new Error('The streaming benchmark plays scripted events; the model is never called.');
  },
};

/**
 * The project's real streaming path, minus the network: the chat view's `ChatPanel` in one
 * root, over its `ChatController` (the run's values from the runner's one fold → the
 * frame-batched `ChatStore`) and `MessageRenderer` (one reasoning-block root per message, each Markdown block
 * rendered once it closes, the open one appended as text). Only the agent runner is replaced: a scripted one hands the
 * benchmark's events to the controller's `onEvent`. As in a new chat, the panel has no note until
 * the run ends; then the chat view hands it the note its first turn was saved to.
 */
export class RealChatRenderer implements BenchRenderer {
  readonly name = 'Glassbox ChatPanel';
  private options: AgentRunOptions | null = null;
  private finish: ((result: AgentRunResult) => void) | null = null;
  /** The run's one fold, as `runAgent`'s recorder keeps it. */
  private readonly fold = new RunAccumulator();
  private controller: ChatController | null = null;
  private root: Root | null = null;
  private roots: RootRegistry | null = null;
  private panel: ((sourcePath: string) => ReactElement) | null = null;

  mount(container: HTMLElement, context: BenchRendererContext): void {
    const controller = new ChatController({
      prepareRun: () => Promise.resolve({ model: UNUSED_MODEL, tools: [] }),
      runAgent: (options) => this.scriptedRun(options),
      model: 'bench-model',
      loopStyle: 'tools',
      maxIterations: 10,
    });
    this.controller = controller;
    const roots = new RootRegistry({ createRoot: context.createRoot });
    this.roots = roots;
    const root = context.createRoot(container);
    this.root = root;
    this.panel = (sourcePath) => <ChatPanel controller={controller} host={context.host} roots={roots} display={DEFAULT_DISPLAY_OPTIONS} sourcePath={sourcePath} />;
    flushSync(() => root.render(this.panel!('')));
    void controller.send('What did we decide about pricing, and why?');
  }

  onEvent(event: AgentEvent): void {
    // As runAgent's recorder: fold once, hand the values over, then the event.
    const changed = this.fold.apply(event);
    if (changed) this.options?.onRun?.(this.fold.run);
    this.options?.onEvent(event);
    const payload = this.fold.reasoning;
    if (event.type === 'run_end' && payload !== null) {
      this.finish?.({ status: event.status, content: this.fold.content(), answer: this.fold.answer, payload, transcript: [] });
      // The turn is saved (a write, then the view learns the note's path).
      setTimeout(() => this.root?.render(this.panel!('Glassbox/Conversations/Pricing.md')), 0);
    }
  }

  unmount(): void {
    this.controller?.dispose();
    this.root?.unmount();
    this.roots?.unmountAll();
  }

  private scriptedRun(options: AgentRunOptions): Promise<AgentRunResult> {
    this.options = options;
    return new Promise((resolve) => {
      this.finish = resolve;
    });
  }
}
