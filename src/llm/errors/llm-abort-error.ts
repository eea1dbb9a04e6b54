import { LlmError } from './llm-error';

/**
 * The caller aborted the request through its signal. Its `name` is `AbortError` (as the DOM's
 * abort errors), so the runner tells a stop from a failure with `error.name === 'AbortError'`.
 */
export class LlmAbortError extends LlmError {
  readonly userMessage = 'Stopped.';
  readonly retryable = false;

  constructor(options?: { cause?: unknown }) {
    super('The request was aborted.', options);
    this.name = 'AbortError';
  }
}
