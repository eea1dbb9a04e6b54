import type { AgentEvent } from '../../agent/events';
import { reduceReasoning } from '../../agent/reasoning-state';
import { serializeReasoningBlock } from '../../markers';
import type { ReasoningPayload } from '../../markers/reasoning-payload';

/**
 * Folds a run's events into the assistant message content: the reasoning state through
 * `reduceReasoning`, the answer text from `text_delta`s. The content is composed lazily, at
 * most once per published frame, and only when something changed since the last time.
 */
export class RunAccumulator {
  private payload: ReasoningPayload | null = null;
  private answer = '';
  private composed: string | null = '';
  /** The serialised marker of `markerOf`: while only the answer grows it is not serialised again. */
  private marker = '';
  private markerOf: ReasoningPayload | null = null;

  /** Applies one event; returns true when the message content changed. */
  apply(event: AgentEvent): boolean {
    const next = reduceReasoning(this.payload, event);
    let changed = next !== this.payload;
    this.payload = next;
    if (event.type === 'text_delta' && event.text.length > 0) {
      this.answer += event.text;
      changed = true;
    }
    if (changed) this.composed = null;
    return changed;
  }

  /** The reasoning state so far. */
  get reasoning(): ReasoningPayload | null {
    return this.payload;
  }

  /** The message content: marker, blank line, answer (what `composeAssistantContent` makes). */
  content(): string {
    this.composed ??= this.compose();
    return this.composed;
  }

  private compose(): string {
    const payload = this.payload;
    if (payload === null) return this.answer;
    if (payload !== this.markerOf) {
      this.marker = serializeReasoningBlock(payload);
      this.markerOf = payload;
    }
    return `${this.marker}\n\n${this.answer}`;
  }
}
