import { LlmError } from '../llm/errors';

/**
 * One sentence for the user about an error that ended a run. Errors from `src/llm` carry their
 * own (`LlmError.userMessage`); anything else gets a generic sentence with the first line of its
 * message, never a stack. Other chat models (tests, future adapters) may also throw an error
 * with a `userMessage` string; it is used the same way.
 */
export function userMessageOf(error: unknown): string {
  if (error instanceof LlmError) return error.userMessage;
  if (error !== null && typeof error === 'object' && 'userMessage' in error && typeof error.userMessage === 'string' && error.userMessage !== '') {
    return error.userMessage;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `The run failed: ${message.split('\n')[0] ?? message}`;
}
