import { LlmError } from './llm-error';
import { t } from '../../i18n';

/** The endpoint could not be reached (connection refused, DNS, reset before a response). */
export class LlmNetworkError extends LlmError {
  readonly userMessage: string;
  readonly retryable = true;
  readonly baseUrl: string;

  constructor(options: { baseUrl: string; detail?: string; userMessage?: string; cause?: unknown }) {
    super(`Could not connect to ${options.baseUrl}${options.detail ? `: ${options.detail}` : ''}`, { cause: options.cause });
    this.baseUrl = options.baseUrl;
    this.userMessage = options.userMessage ?? t('network.unreachable', { host: options.baseUrl });
  }
}
