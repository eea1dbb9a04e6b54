import { serializeReasoningBlock, type ReasoningPayload } from '../markers';
import type { AgentEvent } from './events';
import { reduceReasoning } from './reasoning-state';

/**
 * THE fold of a run's events into the assistant message content: the reasoning state through
 * `reduceReasoning`, the answer text from `text_delta`s. The runner's `RunRecorder` and the
 * chat both fold through it, so the live message and the saved one cannot disagree. The
 * content is composed lazily, and the marker is serialised again only when the state changed.
 */
export class RunAccumulator {
  private payload: ReasoningPayload | null = null;
  private answerText = '';
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
      this.answerText += event.text;
      changed = true;
    }
    if (changed) this.composed = null;
    return changed;
  }

  /** The reasoning state so far (null before `run_start`). */
  get reasoning(): ReasoningPayload | null {
    return this.payload;
  }

  /** The answer text so far. */
  get answer(): string {
    return this.answerText;
  }

  /** The message content: marker, blank line, answer (what `composeAssistantContent` makes). */
  content(): string {
    this.composed ??= this.compose();
    return this.composed;
  }

  private compose(): string {
    const payload = this.payload;
    if (payload === null) return this.answerText;
    if (payload !== this.markerOf) {
      this.marker = serializeReasoningBlock(payload);
      this.markerOf = payload;
    }
    return `${this.marker}\n\n${this.answerText}`;
  }
}
