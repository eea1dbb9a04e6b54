import { LlmError } from './llm-error';
import { t } from '../../i18n';

/**
 * The caller aborted the request through its signal. Its `name` is `AbortError` (as the DOM's
 * abort errors), so the runner tells a stop from a failure with `error.name === 'AbortError'`.
 */
export class LlmAbortError extends LlmError {
  readonly userMessage = t('error.stopped');
  readonly retryable = false;

  constructor(options?: { cause?: unknown }) {
    super('The request was aborted.', options);
    this.name = 'AbortError';
  }
}
