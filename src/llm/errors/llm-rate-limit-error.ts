import { hostOf, LlmError } from './llm-error';
import { t } from '../../i18n';

/** The endpoint asked us to slow down (HTTP 429). Retried before the first token only. */
export class LlmRateLimitError extends LlmError {
  readonly userMessage: string;
  readonly retryable = true;
  readonly status = 429;
  readonly baseUrl: string;
  /** Milliseconds the server asked us to wait (`retry-after` / `retry-after-ms`), when given. */
  readonly retryAfterMs: number | undefined;
  readonly providerMessage: string | undefined;

  constructor(options: { baseUrl: string; retryAfterMs?: number; providerMessage?: string; cause?: unknown }) {
    super(`HTTP 429 from ${options.baseUrl}: ${options.providerMessage ?? 'rate limited'}`, { cause: options.cause });
    this.baseUrl = options.baseUrl;
    this.retryAfterMs = options.retryAfterMs;
    this.providerMessage = options.providerMessage;
    const wait = options.retryAfterMs === undefined ? t('error.aMoment') : t('duration.stepSeconds', { s: Math.max(1, Math.ceil(options.retryAfterMs / 1000)) });
    this.userMessage = t('error.rateLimited', { host: hostOf(options.baseUrl), wait });
  }
}
