import type { AgentInputOutcome, AgentInputRequest } from '../agent';
import type { ChatStore } from './chat-store';

interface OpenQuestion {
  readonly resolve: (outcome: AgentInputOutcome) => void;
}

/**
 * The `request_input` question of the run in progress: shown on the card until the user answers
 * or dismisses it, or the run stops (then it closes as dismissed). One at a time.
 */
export class PendingQuestion {
  private open: OpenQuestion | null = null;
  private requestCounter = 0;

  constructor(
    private readonly store: ChatStore,
    private readonly onAsk?: (request: AgentInputRequest) => void,
  ) {}

  /** True while a live run waits for the user. */
  get isOpen(): boolean {
    return this.open !== null;
  }

  /** The `askUser` of a run: shows the question and resolves with how the user closed it. */
  ask(request: AgentInputRequest, signal: AbortSignal): Promise<AgentInputOutcome> {
    this.requestCounter += 1;
    const requestId = `input-${this.requestCounter}`;
    return new Promise<AgentInputOutcome>((resolve) => {
      const onAbort = (): void => this.close({ outcome: 'dismissed' });
      this.open = {
        resolve: (outcome) => {
          signal.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.store.update((state) => ({ ...state, pendingInput: { requestId, question: request.question, options: request.options ?? [] } }), 'soon');
      this.onAsk?.(request);
    });
  }

  /** Closes the open question with `outcome`; nothing happens when none is open. */
  close(outcome: AgentInputOutcome): void {
    const open = this.open;
    if (open === null) return;
    this.open = null;
    this.store.update((state) => ({ ...state, pendingInput: null }), 'now');
    open.resolve(outcome);
  }
}
