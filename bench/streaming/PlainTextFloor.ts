import type { AgentEvent } from '../../src/agent/events';
import type { BenchRenderer } from './bench-renderer';

/**
 * The floor of the streaming benchmark (issue 17 item 4): the least any renderer could do to
 * show the same run. No Markdown, no React: each step's summary once as a line, and the answer's
 * deltas appended as text nodes, one batch per animation frame at the chat's cadence (a step with
 * the next frame; answer text never in two frames in a row, as `ChatStore` publishes it). A blank
 * line starts a new paragraph element, so a frame lays out only the open paragraph: appended to
 * one element, the whole answer is laid out again every frame, which costs more than Glassbox
 * itself and would be no floor. The box follows the newest text (one scroll per append), as the
 * chat's list does. Glassbox's main-thread time is judged against this, in the same run.
 */
export class PlainTextFloor implements BenchRenderer {
  readonly name = 'floor: plain text nodes, no Markdown';
  private container: HTMLElement | null = null;
  private paragraph: HTMLElement | null = null;
  private endsWithNewline = false;
  private pendingSteps: string[] = [];
  private pendingText = '';
  private frameRequested = false;
  private appendedLastFrame = false;
  private readonly seenSteps = new Set<string>();

  mount(container: HTMLElement): void {
    this.container = container;
  }

  onEvent(event: AgentEvent): void {
    if (event.type === 'step' && !this.seenSteps.has(event.step.id)) {
      this.seenSteps.add(event.step.id);
      this.pendingSteps.push(event.step.summary);
      this.requestFrame();
    } else if (event.type === 'text_delta') {
      this.pendingText += event.text;
      this.requestFrame();
    }
  }

  unmount(): void {
    this.container?.replaceChildren();
    this.container = null;
  }

  private requestFrame(): void {
    const view = this.container?.ownerDocument.defaultView;
    if (this.frameRequested || !view) return;
    this.frameRequested = true;
    view.requestAnimationFrame(this.onFrame);
  }

  private readonly onFrame = (): void => {
    this.frameRequested = false;
    const container = this.container;
    if (container === null || (this.pendingSteps.length === 0 && this.pendingText === '')) {
      this.appendedLastFrame = false;
      return;
    }
    if (this.pendingSteps.length === 0 && this.appendedLastFrame) {
      this.appendedLastFrame = false;
      this.requestFrame();
      return;
    }
    for (const summary of this.pendingSteps) this.append(container, 'div').textContent = summary;
    this.pendingSteps = [];
    this.appendText(container, this.pendingText);
    this.pendingText = '';
    // Keep the newest text in view, as the chat's message list does while the user is at its end.
    container.scrollTop = container.scrollHeight;
    this.appendedLastFrame = true;
    // The next frame decides whether this one's successor may append.
    this.requestFrame();
  };

  private appendText(container: HTMLElement, text: string): void {
    const doc = container.ownerDocument;
    // "\n" at the end of the last batch and at the start of this one is a blank line too.
    const parts = ((this.endsWithNewline ? '\n' : '') + text).split(/\n\n+/);
    if (this.endsWithNewline) parts[0] = parts[0].slice(1);
    parts.forEach((part, index) => {
      if (index > 0 || this.paragraph === null) this.paragraph = this.append(container, 'p');
      if (part !== '') this.paragraph.appendChild(doc.createTextNode(part));
    });
    if (text !== '') this.endsWithNewline = text.endsWith('\n');
  }

  private append<K extends 'div' | 'p'>(container: HTMLElement, tag: K): HTMLElementTagNameMap[K] {
    const el = container.ownerDocument.createElement(tag);
    // Glassbox's own class for raw streaming text (pre-wrap: line breaks show), so both pay the same styles.
    el.className = 'glassbox-streaming-text';
    return container.appendChild(el);
  }
}
