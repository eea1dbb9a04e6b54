import type { Root } from 'react-dom/client';
import type { AgentEvent } from '../../src/agent/events';
import type { HostServices } from '../../src/ui/host-services';

/** What a renderer under test gets from the benchmark harness (the same in jsdom and Chromium). */
export interface BenchRendererContext {
  /** Counting host services: Markdown goes through the host's real renderer. */
  readonly host: HostServices;
  /** Makes every React root the renderer mounts, so the harness counts its commits (tools/render-commits). */
  createRoot(container: HTMLElement): Root;
  /** The environment's timers (virtual in jsdom, real in Chromium). */
  setInterval(callback: () => void, ms: number): number;
  clearInterval(id: number): void;
}

/**
 * One way of showing a streaming assistant message, driven by the run's {@link AgentEvent}s in
 * order. The benchmark runs the project's real renderer and the naive baseline through this.
 */
export interface BenchRenderer {
  readonly name: string;
  mount(container: HTMLElement, context: BenchRendererContext): void;
  onEvent(event: AgentEvent): void;
  unmount(): void;
}

/** Markdown rendering work seen by the counting host services. */
export interface MarkdownCounter {
  calls: number;
  chars: number;
}

/** Wraps host services so every Markdown render is counted (calls and characters). */
export function countingHostServices(host: HostServices, counter: MarkdownCounter): HostServices {
  return {
    renderMarkdown(markdown, el, sourcePath, component) {
      counter.calls += 1;
      counter.chars += markdown.length;
      return host.renderMarkdown(markdown, el, sourcePath, component);
    },
    openLink: (linktext, sourcePath) => host.openLink(linktext, sourcePath),
    createComponent: () => host.createComponent(),
  };
}
