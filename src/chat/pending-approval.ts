import type { AgentApprovalDecision, AgentApprovalRequest } from '../agent';
import type { ChatStore } from './chat-store';

/**
 * The approval card of the run in progress (an MCP call, a note write): shown until the
 * user picks one of its choices, or the run stops (then the card closes and the runner counts
 * the call as cancelled). One at a time, like the `request_input` question.
 */
export class PendingApproval {
  private open: { readonly resolve: (decision: AgentApprovalDecision) => void; readonly reject: (error: Error) => void } | null = null;

  constructor(private readonly store: ChatStore) {}

  /** True while a live run waits for a decision. */
  get isOpen(): boolean {
    return this.open !== null;
  }

  /** The `ask` of the run's approval gate: shows the card and resolves with the decision. */
  ask(request: AgentApprovalRequest, signal: AbortSignal): Promise<AgentApprovalDecision> {
    return new Promise<AgentApprovalDecision>((resolve, reject) => {
      const onAbort = (): void => this.withdraw();
      this.open = {
        resolve: (decision) => {
          signal.removeEventListener('abort', onAbort);
          resolve(decision);
        },
        reject: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const { requestId, toolName, title, choices } = request;
      this.store.update((state) => ({ ...state, pendingApproval: { requestId, toolName, title, ...(request.detail !== undefined ? { detail: request.detail } : {}), ...(request.change !== undefined ? { change: request.change } : {}), choices } }), 'soon');
    });
  }

  /** The user chose; nothing happens when no card is open. */
  decide(decision: AgentApprovalDecision): void {
    const open = this.take();
    open?.resolve(decision);
  }

  /** The run stopped or the chat was left: the card goes away undecided. */
  withdraw(): void {
    const open = this.take();
    const error = new Error('The approval was withdrawn.');
    error.name = 'AbortError';
    open?.reject(error);
  }

  private take() {
    const open = this.open;
    if (open === null) return null;
    this.open = null;
    this.store.update((state) => ({ ...state, pendingApproval: null }), 'now');
    return open;
  }
}
