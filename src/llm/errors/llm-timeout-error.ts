import { hostOf } from './llm-error';
import { LlmFixableError } from './llm-fixable-error';
import { tCount } from '../../i18n';

/**
 * The endpoint sent nothing (no headers, or no next byte of the stream), or nothing but keep-alive
 * comments, for the configured wait: a stalled or hung server. Whatever streamed before it stays the partial answer. Not retried:
 * asking again would make the user wait as long once more.
 */
export class LlmTimeoutError extends LlmFixableError<'response_timeout'> {
  readonly timeoutMs: number;

  /** `keepAliveOnly`: bytes came, but only keep-alive comments (`: ping`), no part of an answer (issue 36). */
  constructor(options: { baseUrl: string; timeoutMs: number; keepAliveOnly?: boolean }) {
    const seconds = Math.round(options.timeoutMs / 100) / 10;
    const wait = `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
    const problem = tCount(options.keepAliveOnly === true ? 'error.timeoutKeepAlive' : 'error.timeout', seconds, { host: hostOf(options.baseUrl) });
    super(`${options.keepAliveOnly === true ? 'Only keep-alive comments' : 'No data'} from ${options.baseUrl} for ${wait}`, { fix: 'response_timeout', problem, baseUrl: options.baseUrl });
    this.timeoutMs = options.timeoutMs;
  }
}
