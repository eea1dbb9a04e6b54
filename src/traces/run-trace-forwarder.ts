import type { Conversation } from '../conversation';
import type { ModelPrices } from '../markers';
import { conversationRuns } from './conversation-runs';
import { exportOtlp } from './export-otlp';
import { sendOtlpTraces, type OtlpSendResult } from './send-otlp';

/** Statuses a run keeps once it has ended: its traces are final. */
const ENDED = new Set(['complete', 'stopped', 'error', 'max_iterations', 'budget']);

/** What {@link RunTraceForwarder} reads at each save: the settings as they are now. */
export interface RunTraceForwarderOptions {
  /** The collector's base URL; '' = off. */
  readonly endpoint: () => string;
  readonly includeContent: () => boolean;
  readonly prices: () => ModelPrices;
  readonly fetch: typeof fetch;
  /** Runs that ended before this (epoch ms) were sent, or not, by an earlier session: never again. */
  readonly since: number;
  /** A send that failed, to tell the user once per problem. */
  readonly onFailure?: (result: Extract<OtlpSendResult, { ok: false }>) => void;
}

/**
 * Sends each run's traces once, when the conversation that holds it is saved with the run ended
 * (DESIGN.md 13.5). A conversation is saved many times; a run is sent the first time it is seen
 * ended, and a run that ended before the plugin started is left alone (a reopened conversation
 * does not send its history again).
 */
export class RunTraceForwarder {
  private readonly sent = new Set<string>();

  constructor(private readonly options: RunTraceForwarderOptions) {}

  /** Called after each save; resolves when the new runs' traces were sent (or failed). */
  async saved(conversation: Conversation): Promise<void> {
    const endpoint = this.options.endpoint().trim();
    if (endpoint === '') return;
    const fresh = conversationRuns(conversation).filter((run) => ENDED.has(run.payload.status) && run.endedAt >= this.options.since && !this.sent.has(keyOf(conversation, run.startedAt)));
    if (fresh.length === 0) return;
    for (const run of fresh) this.sent.add(keyOf(conversation, run.startedAt));
    const messages = new Set(fresh.map((run) => run.message));
    // The questions stay beside their answers: the runs read them.
    const kept = conversation.messages.filter((message, index) => messages.has(message) || (message.role === 'user' && messages.has(conversation.messages[index + 1] ?? message)));
    const request = exportOtlp({ ...conversation, messages: kept }, { includeContent: this.options.includeContent(), prices: this.options.prices() });
    const result = await sendOtlpTraces(endpoint, request, this.options.fetch);
    if (!result.ok) this.options.onFailure?.(result);
  }
}

function keyOf(conversation: Conversation, startedAt: number): string {
  return `${conversation.id}\u0000${startedAt}`;
}
