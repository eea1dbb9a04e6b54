/**
 * One sentence for the user about an error that ended a run. Errors from `src/llm` carry their
 * own (`userMessage`, on every `LlmError`); anything else gets a generic sentence with its
 * message, never a stack.
 */
export function userMessageOf(error: unknown): string {
  if (error !== null && typeof error === 'object' && 'userMessage' in error && typeof error.userMessage === 'string' && error.userMessage !== '') {
    return error.userMessage;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `The run failed: ${message.split('\n')[0] ?? message}`;
}
