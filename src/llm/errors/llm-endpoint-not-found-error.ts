import { hostOf, LlmError } from './llm-error';
import { GENERIC_ERROR_ADVICE } from './llm-error-advice';
import { t } from '../../i18n';

/**
 * Nothing answers chat requests at the base URL (HTTP 404 that does not name a model): most
 * often a base URL without its `/v1`. Told apart from {@link LlmModelNotFoundError} so the user
 * fixes the URL instead of hunting for a model name that was right all along. Not retried.
 */
export class LlmEndpointNotFoundError extends LlmError {
  readonly userMessage: string;
  /** The problem without advice; a host adds its own for {@link fix}. */
  readonly problem: string;
  readonly fix = 'base_url' as const;
  readonly retryable = false;
  readonly status = 404;
  readonly baseUrl: string;
  readonly providerMessage: string | undefined;

  constructor(options: { baseUrl: string; providerMessage?: string; cause?: unknown }) {
    super(`HTTP 404 from ${options.baseUrl}/chat/completions: ${options.providerMessage ?? 'not found'}`, { cause: options.cause });
    this.baseUrl = options.baseUrl;
    this.providerMessage = options.providerMessage;
    this.problem = t('error.endpointNotFound', { host: hostOf(options.baseUrl) });
    this.userMessage = `${this.problem} ${GENERIC_ERROR_ADVICE[this.fix]}`;
  }
}
