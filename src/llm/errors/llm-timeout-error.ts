import { hostOf, LlmError, withSettingsAdvice } from './llm-error';

/**
 * The endpoint sent nothing (no headers, or no next byte of the stream) for the configured wait:
 * a stalled or hung server. Whatever streamed before it stays the partial answer. Not retried:
 * asking again would make the user wait as long once more.
 */
export class LlmTimeoutError extends LlmError {
  readonly userMessage: string;
  override readonly fix = 'response_timeout' as const;
  readonly retryable = false;
  readonly baseUrl: string;
  readonly timeoutMs: number;

  constructor(options: { baseUrl: string; timeoutMs: number }) {
    const seconds = Math.round(options.timeoutMs / 100) / 10;
    const wait = `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
    super(`No data from ${options.baseUrl} for ${wait}`);
    this.baseUrl = options.baseUrl;
    this.timeoutMs = options.timeoutMs;
    this.problemText = `${hostOf(options.baseUrl)} sent nothing for ${wait}, so Glassbox stopped waiting.`;
    this.userMessage = withSettingsAdvice(this.problemText, this.fix);
  }
}
