import { serializeReasoningBlock, type ReasoningPayload } from '../markers';
import type { AgentEvent } from './events';
import { reduceReasoning } from './reasoning-state';

/**
 * A run so far as values: its reasoning state (steps, status) and its answer text. Immutable: a
 * change makes a new object, so a consumer compares by identity. This is what the chat shows
 * while a run streams; the marker is composed from it only to save (DESIGN.md 12.2).
 */
export interface LiveRun {
  /** Null before `run_start`. */
  readonly reasoning: ReasoningPayload | null;
  readonly answer: string;
}

/**
 * THE fold of a run's events: the reasoning state through `reduceReasoning`, the answer text
 * from `text_delta`s. The runner's `RunRecorder` folds through it and hands the result to the
 * chat as values (`AgentRunOptions.onRun`), so the live message and the saved one cannot
 * disagree. The content is composed lazily, and the marker is serialised again only when the
 * state changed.
 */
export class RunAccumulator {
  private live: LiveRun = { reasoning: null, answer: '' };
  private composed: string | null = '';
  /** The serialised marker of `markerOf`: while only the answer grows it is not serialised again. */
  private marker = '';
  private markerOf: ReasoningPayload | null = null;

  /** Applies one event; returns true when the run's steps or answer changed. */
  apply(event: AgentEvent): boolean {
    const reasoning = reduceReasoning(this.live.reasoning, event);
    const grows = event.type === 'text_delta' && event.text.length > 0;
    if (reasoning === this.live.reasoning && !grows) return false;
    this.live = { reasoning, answer: grows ? this.live.answer + event.text : this.live.answer };
    this.composed = null;
    return true;
  }

  /** The run so far; the same object until the next change. */
  get run(): LiveRun {
    return this.live;
  }

  /** The reasoning state so far (null before `run_start`). */
  get reasoning(): ReasoningPayload | null {
    return this.live.reasoning;
  }

  /** The answer text so far. */
  get answer(): string {
    return this.live.answer;
  }

  /** The message content: marker, blank line, answer (what `composeAssistantContent` makes). */
  content(): string {
    this.composed ??= this.compose();
    return this.composed;
  }

  private compose(): string {
    const { reasoning, answer } = this.live;
    if (reasoning === null) return answer;
    if (reasoning !== this.markerOf) {
      this.marker = serializeReasoningBlock(reasoning);
      this.markerOf = reasoning;
    }
    return `${this.marker}\n\n${answer}`;
  }
}
