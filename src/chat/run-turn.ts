import type { AgentRunResult, LiveRun } from '../agent';
import type { PendingInput } from '../conversation';
import { type ChatMessage, savedContentOf } from './chat-state';
import { withoutPendingInput } from './saved-question';

/** One run of the chat, from send to its end. */
export interface RunTurn {
  readonly assistantId: string;
  /** The run so far as the runner folded it (`onRun`); null before its first event. */
  live: LiveRun | null;
  /** The values the store holds for the message (`live` reaches the store with the event that changed it). */
  shown: LiveRun | null;
  readonly abort: AbortController;
  /** The message content and question while the run waits for the user; null once it goes on. */
  paused: { readonly content: string; readonly pendingInput: PendingInput } | null;
  /**
   * The view closed, or the user moved to another chat, while the question was open: the turn is
   * saved as it was when it asked, question included, so the reopened chat can still answer it.
   */
  keepQuestion: boolean;
}

/**
 * The assistant message at the end of its run: the run's content and transcript. A run stopped
 * while its question was kept open saves the content it had when it asked, question included.
 */
export function finishedMessage(message: ChatMessage, options: { turn: RunTurn; result: AgentRunResult | null }): ChatMessage {
  const { turn, result } = options;
  const transcript = result?.transcript;
  const kept = turn.keepQuestion ? turn.paused : null;
  // A run that threw before returning ends with the values it showed, composed now.
  const content = kept?.content ?? result?.content ?? savedContentOf(message);
  const { run: _run, ...finished } = withoutPendingInput(message);
  return { ...finished, content, ...(transcript ? { transcript } : {}), ...(kept ? { pendingInput: kept.pendingInput } : {}) };
}
