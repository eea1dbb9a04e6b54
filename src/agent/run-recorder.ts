import { sumUsage, type ReasoningModelTurn, type ReasoningPayload, type ReasoningStep, type ReasoningUsage } from '../markers';
import type { AgentEvent, AgentRunEndStatus } from './events';
import { type LiveRun, RunAccumulator } from './run-accumulator';
import { reasoningElapsedMs } from './reasoning-state';

/** An event as the runner writes it: `runId` and `at` are filled in by the recorder. */
export type AgentEventInput = AgentEvent extends infer Event ? (Event extends AgentEvent ? Omit<Event, 'runId' | 'at'> : never) : never;

/**
 * A step as the runner writes it: `at` is kept from the step's first emission. (Spelled out,
 * because `Omit` over a type with an index signature loses the named fields.)
 */
export type StepInput = Pick<ReasoningStep, 'id' | 'kind' | 'summary'> & Partial<Pick<ReasoningStep, 'detail' | 'tool' | 'thoughtType' | 'confidence'>> & { readonly [extra: string]: unknown };

/**
 * The single place a run's events go through: stamps them with the run id and the clock, folds
 * them into the reasoning state, forwards them to `onEvent`, keeps the answer text, and
 * re-serialises the marker only when the reducer returns a new state (DESIGN.md 3.1). The folding
 * itself is the {@link RunAccumulator}'s; its values go to `onRun` (the chat shows them), so the
 * events are folded once.
 */
export class RunRecorder {
  readonly runId: string;
  readonly now: () => number;
  private readonly fold = new RunAccumulator();
  private stepCount = 0;
  private readonly stepTimes = new Map<string, number>();
  private readonly turns: ReasoningModelTurn[] = [];
  private model: string | undefined;
  private readonly notesRead = new Set<string>();

  constructor(
    private readonly options: {
      runId: string;
      now: () => number;
      onEvent: (event: AgentEvent) => void;
      onRun?: (run: LiveRun) => void;
      redact: (step: ReasoningStep) => ReasoningStep;
    },
  ) {
    this.runId = options.runId;
    this.now = options.now;
  }

  /** The current reasoning payload (null before `run_start`). */
  get payload(): ReasoningPayload | null {
    return this.fold.reasoning;
  }

  /** The answer text so far. */
  get answer(): string {
    return this.fold.answer;
  }

  /** Whether answer text has been shown. */
  get answerStarted(): boolean {
    return this.fold.answer !== '';
  }

  /** The model calls so far, each with its usage (reported, or estimated and marked). */
  get modelTurns(): readonly ReasoningModelTurn[] {
    return this.turns;
  }

  /** Token usage summed over the model calls so far. */
  get usage(): ReasoningUsage | undefined {
    return sumUsage(this.turns.flatMap((turn) => (turn.usage !== undefined ? [turn.usage] : [])));
  }

  /** Vault paths of the notes whose text reached the model in this run, in the order they first did. */
  get readPaths(): readonly string[] {
    return [...this.notesRead];
  }

  /** Records notes whose text reached the model (a tool's passages, an attachment): the citation check reads it. */
  noteRead(paths: Iterable<string>): void {
    for (const path of paths) this.notesRead.add(path);
  }

  /** Emits `run_start` at `startedAt` (the moment the user sent the message). */
  start(options: { startedAt: number; model: string; question: string }): void {
    this.model = options.model === '' ? undefined : options.model;
    this.dispatch({ type: 'run_start', runId: this.runId, at: options.startedAt, model: options.model, question: options.question });
  }

  /** Stamps and emits an event. */
  emit(event: AgentEventInput): void {
    this.dispatch({ ...event, runId: this.runId, at: this.now() });
  }

  /** A fresh step id, unique in the run. */
  nextStepId(): string {
    this.stepCount += 1;
    return `s${this.stepCount}`;
  }

  /** Adds or updates a step (redacted if it quotes the instructions) and returns it as emitted. */
  step(input: StepInput): ReasoningStep {
    const at = this.stepTimes.get(input.id) ?? this.now();
    this.stepTimes.set(input.id, at);
    const step = this.options.redact({ ...input, at });
    this.emit({ type: 'step', step });
    return step;
  }

  /** Appends answer text, emitting `answer_start` before the first non-empty piece. */
  appendAnswer(text: string): void {
    if (text === '') return;
    if (this.fold.answer === '') this.emit({ type: 'answer_start' });
    this.emit({ type: 'text_delta', text });
  }

  /** Keeps one model call (its time, usage and model: its prices give the cost); the run's usage is their sum. */
  addModelTurn(turn: ReasoningModelTurn): void {
    this.turns.push(this.model === undefined || turn.model !== undefined ? turn : { ...turn, model: this.model });
  }

  /** Emits `run_end`: the last event of the run. */
  end(status: AgentRunEndStatus, error?: string): void {
    const at = this.now();
    const state = this.fold.reasoning;
    const elapsedMs = state === null ? 0 : reasoningElapsedMs(state, at);
    const base = { type: 'run_end' as const, runId: this.runId, at, status, elapsedMs };
    const withError = error === undefined ? base : { ...base, error };
    const usage = this.usage;
    const withUsage = usage === undefined ? withError : { ...withError, usage };
    this.dispatch(this.turns.length === 0 ? withUsage : { ...withUsage, turns: [...this.turns] });
  }

  /** The assistant message content: the marker (cached per state) + blank line + answer. */
  content(): string {
    return this.fold.content();
  }

  private dispatch(event: AgentEvent): void {
    const changed = this.fold.apply(event);
    // A consumer that throws (a rendering bug) must not end the run or lose its answer.
    try {
      // The values first: a consumer that saves on an event (a question) has the run up to it.
      if (changed) this.options.onRun?.(this.fold.run);
      this.options.onEvent(event);
    } catch {
      // Ignored on purpose; the result still carries everything.
    }
  }
}
