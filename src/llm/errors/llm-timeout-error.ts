import { hostOf, LlmError } from './llm-error';
import { GENERIC_ERROR_ADVICE } from './llm-error-advice';
import { tCount } from '../../i18n';

/**
 * The endpoint sent nothing (no headers, or no next byte of the stream) for the configured wait:
 * a stalled or hung server. Whatever streamed before it stays the partial answer. Not retried:
 * asking again would make the user wait as long once more.
 */
export class LlmTimeoutError extends LlmError {
  readonly userMessage: string;
  /** The problem without advice; a host adds its own for {@link fix}. */
  readonly problem: string;
  readonly fix = 'response_timeout' as const;
  readonly retryable = false;
  readonly baseUrl: string;
  readonly timeoutMs: number;

  constructor(options: { baseUrl: string; timeoutMs: number }) {
    const seconds = Math.round(options.timeoutMs / 100) / 10;
    const wait = `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
    super(`No data from ${options.baseUrl} for ${wait}`);
    this.baseUrl = options.baseUrl;
    this.timeoutMs = options.timeoutMs;
    this.problem = tCount('error.timeout', seconds, { host: hostOf(options.baseUrl) });
    this.userMessage = `${this.problem} ${GENERIC_ERROR_ADVICE[this.fix]}`;
  }
}
