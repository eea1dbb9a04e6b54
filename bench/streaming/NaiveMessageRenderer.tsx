import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import type { AgentEvent } from '../../src/agent/events';
import { reduceReasoning } from '../../src/agent/reasoning-state';
import { composeAssistantContent, parseAssistantContent, type ReasoningPayload } from '../../src/markers';
import type { HostComponent, HostServices } from '../../src/ui/host-services';
import { AgentReasoningBlock, reasoningBlockSource } from '../../src/ui/reasoning/AgentReasoningBlock';
import type { BenchRenderer, BenchRendererContext } from './bench-renderer';

/**
 * The naive baseline of the streaming benchmark (DESIGN.md 10), the way a first chat plugin
 * typically renders a streaming message: on every chunk AND on a 100 ms timer tick, rebuild the
 * whole message content, re-parse it, empty the element, mount a fresh root for the
 * reasoning block and re-render the whole answer's Markdown. It uses the project's own parser,
 * reasoning component and Markdown renderer, so only the rendering strategy differs.
 */
export class NaiveMessageRenderer implements BenchRenderer {
  readonly name = 'naive (whole message per chunk and per 100 ms tick)';
  private payload: ReasoningPayload | null = null;
  private answer = '';
  private root: Root | null = null;
  private component: HostComponent | null = null;
  private tick: number | undefined;
  private container: HTMLElement | null = null;
  private host: HostServices | null = null;
  private context: BenchRendererContext | null = null;

  mount(container: HTMLElement, context: BenchRendererContext): void {
    this.container = container;
    this.host = context.host;
    this.context = context;
    this.tick = context.setInterval(() => this.render(), 100);
  }

  onEvent(event: AgentEvent): void {
    this.payload = reduceReasoning(this.payload, event);
    if (event.type === 'text_delta') this.answer += event.text;
    this.render();
    if (event.type === 'run_end' && this.tick !== undefined) {
      this.context?.clearInterval(this.tick);
      this.tick = undefined;
    }
  }

  unmount(): void {
    if (this.tick !== undefined) this.context?.clearInterval(this.tick);
    this.root?.unmount();
    this.component?.unload();
    this.root = null;
  }

  private render(): void {
    const container = this.container;
    const host = this.host;
    if (container === null || host === null) return;
    const content = composeAssistantContent(this.payload, this.answer);
    const parsed = parseAssistantContent(content);
    this.root?.unmount();
    this.component?.unload();
    container.replaceChildren();
    const blockEl = container.ownerDocument.createElement('div');
    const answerEl = container.ownerDocument.createElement('div');
    answerEl.className = 'markdown-rendered';
    container.append(blockEl, answerEl);
    const root = this.context!.createRoot(blockEl);
    this.root = root;
    const live = parsed.reasoning !== null && parsed.reasoning.endedAt === undefined;
    flushSync(() => {
      root.render(
        <AgentReasoningBlock {...reasoningBlockSource(parsed)} live={live} />,
      );
    });
    this.component = host.createComponent();
    void host.renderMarkdown(parsed.text, answerEl, 'Glassbox/bench.md', this.component);
  }
}
