import type { AgentEvent } from '../../src/agent/events';
import type { BenchRenderer, BenchRendererContext } from './bench-renderer';
import { RealChatRenderer } from './RealChatRenderer';

/**
 * Four chat sessions streaming at once (DESIGN.md 12.7, issue 27 item 7): four real chat panels,
 * each over its own controller and store, side by side and all on screen (a 1,200 px row of four
 * 300 × 800 px boxes, as four split tabs), each fed the same run as its own events. The budget is
 * no task over 16 ms; the main-thread time is reported beside one session's.
 */
export class ConcurrentChatRenderers implements BenchRenderer {
  readonly name = 'Glassbox ChatPanel × 4 sessions at once';
  private readonly sessions = Array.from({ length: 4 }, () => new RealChatRenderer());

  mount(container: HTMLElement, context: BenchRendererContext): void {
    container.setCssProps({ width: '1200px', display: 'flex' });
    for (const session of this.sessions) {
      const box = container.createDiv({ cls: 'bench-session' });
      box.setCssProps({ width: '300px', height: '800px', overflow: 'auto', flex: 'none' });
      session.mount(box, context);
    }
  }

  onEvent(event: AgentEvent): void {
    for (const session of this.sessions) session.onEvent(event);
  }

  unmount(): void {
    for (const session of this.sessions) session.unmount();
  }
}
