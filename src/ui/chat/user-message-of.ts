/**
 * The sentence to show for a failure: an `LlmError`'s (or any error's) `userMessage`, else its
 * message, else a generic sentence. Never throws, whatever was thrown.
 */
export function userMessageOf(thrown: unknown): string {
  if (typeof thrown === 'object' && thrown !== null) {
    const userMessage = (thrown as { userMessage?: unknown }).userMessage;
    if (typeof userMessage === 'string' && userMessage !== '') return userMessage;
    const message = (thrown as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return 'Something went wrong.';
}
