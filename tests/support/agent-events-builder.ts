import type { AgentEvent, AgentRunEndStatus } from '../../src/agent/events';
import type { ReasoningStep } from '../../src/markers/reasoning-payload';

type EventInput = AgentEvent extends infer Event ? (Event extends AgentEvent ? Omit<Event, 'runId' | 'at'> : never) : never;

/**
 * Builds an event log the way a run writes it: one run id, a clock that only moves when told
 * (`after(ms)`), and small constructors for each event type.
 *
 * @example new AgentEventsBuilder(1000).runStart().after(500).step({ id: 's1', kind: 'thought', summary: 'Plan' }).events
 */
export class AgentEventsBuilder {
  readonly events: AgentEvent[] = [];

  constructor(
    private time = 1_763_768_491_000,
    private readonly runId = 'r1',
  ) {}

  /** The builder's clock. */
  get now(): number {
    return this.time;
  }

  after(ms: number): this {
    this.time += ms;
    return this;
  }

  add(event: EventInput): this {
    this.events.push({ ...event, runId: this.runId, at: this.time });
    return this;
  }

  runStart(question = 'How long do refunds take?'): this {
    return this.add({ type: 'run_start', model: 'test-model', question });
  }

  step(step: Omit<ReasoningStep, 'at'> & { at?: number }): this {
    return this.add({ type: 'step', step: { at: this.time, ...step } as ReasoningStep });
  }

  toolStart(stepId: string, name = 'localSearch', args: Record<string, unknown> = { query: 'refunds' }): this {
    return this.add({ type: 'tool_start', stepId, callId: `call_${stepId}`, name, args });
  }

  toolEnd(stepId: string, options: { status?: 'ok' | 'error' | 'cancelled' | 'declined'; durationMs: number; output: string; name?: string }): this {
    return this.add({ type: 'tool_end', stepId, callId: `call_${stepId}`, name: options.name ?? 'localSearch', status: options.status ?? 'ok', durationMs: options.durationMs, output: options.output });
  }

  inputRequest(stepId: string, question = 'Which year?'): this {
    return this.add({ type: 'input_request', stepId, requestId: `q_${stepId}`, question });
  }

  inputResponse(stepId: string, outcome: 'answered' | 'dismissed' | 'timed_out' = 'answered', answer?: string): this {
    return this.add({ type: 'input_response', stepId, requestId: `q_${stepId}`, outcome, ...(answer !== undefined ? { answer } : {}) });
  }

  answerStart(): this {
    return this.add({ type: 'answer_start' });
  }

  text(text: string): this {
    return this.add({ type: 'text_delta', text });
  }

  runEnd(status: AgentRunEndStatus = 'complete', extra: { error?: string; usage?: { promptTokens: number; completionTokens: number } } = {}): this {
    return this.add({ type: 'run_end', status, elapsedMs: 0, ...extra });
  }
}
