import type { AgentEvent } from '../../src/agent/events';
import type { BenchRenderer } from './bench-renderer';

/**
 * The floor of the streaming benchmark (issue 17 item 4): the least any renderer could do to
 * show the same run. No Markdown, no React: each step's summary once as a line, and the answer's
 * deltas as text nodes, appended in one batch per animation frame at the chat's cadence (a step
 * with the next frame; answer text never in two frames in a row, as `ChatStore` publishes it).
 * Glassbox's main-thread time is judged against this, in the same run.
 */
export class PlainTextFloor implements BenchRenderer {
  readonly name = 'floor: plain text nodes, no Markdown';
  private target: HTMLElement | null = null;
  private pending = '';
  private pendingIsText = true;
  private frameRequested = false;
  private appendedLastFrame = false;
  private readonly seenSteps = new Set<string>();

  mount(container: HTMLElement): void {
    // Glassbox's own class for raw streaming text (pre-wrap: line breaks show), so both pay the same styles.
    const target = container.ownerDocument.createElement('div');
    target.className = 'markdown-rendered glassbox-streaming-text';
    container.appendChild(target);
    this.target = target;
  }

  onEvent(event: AgentEvent): void {
    if (event.type === 'step' && !this.seenSteps.has(event.step.id)) {
      this.seenSteps.add(event.step.id);
      this.queue(`${event.step.summary}\n`, false);
    } else if (event.type === 'answer_start') {
      this.queue('\n', false);
    } else if (event.type === 'text_delta') {
      this.queue(event.text, true);
    }
  }

  unmount(): void {
    this.target?.remove();
    this.target = null;
  }

  private queue(text: string, isText: boolean): void {
    this.pending += text;
    if (!isText) this.pendingIsText = false;
    this.requestFrame();
  }

  private requestFrame(): void {
    const view = this.target?.ownerDocument.defaultView;
    if (this.frameRequested || !view) return;
    this.frameRequested = true;
    view.requestAnimationFrame(this.onFrame);
  }

  private readonly onFrame = (): void => {
    this.frameRequested = false;
    const target = this.target;
    if (target === null || this.pending === '') {
      this.appendedLastFrame = false;
      return;
    }
    if (this.pendingIsText && this.appendedLastFrame) {
      this.appendedLastFrame = false;
      this.requestFrame();
      return;
    }
    target.appendChild(target.ownerDocument.createTextNode(this.pending));
    this.pending = '';
    this.pendingIsText = true;
    this.appendedLastFrame = true;
    // The next frame decides whether this one's successor may append.
    this.requestFrame();
  };
}
