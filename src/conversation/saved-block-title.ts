import { describeRunDuration, type ReasoningPayload } from '../markers';

/**
 * The title a saved reasoning block shows in an export ("Thought for 12s", "Stopped after 3s",
 * "Failed after 1s"). A saved block is never live: one saved mid-run or waiting for an answer
 * reads "Thought for". One rule for the Markdown and the HTML export.
 */
export function savedBlockTitle(payload: ReasoningPayload): string {
  const status = payload.status === 'reasoning' || payload.status === 'awaiting_input' || payload.status === 'collapsed' ? 'complete' : payload.status;
  return describeRunDuration(status, payload.elapsedMs > 0 || payload.endedAt !== undefined ? payload.elapsedMs : undefined);
}
