import { hostOf } from './llm-error';
import { LlmFixableError } from './llm-fixable-error';
import { t } from '../../i18n';

/**
 * Nothing answers chat requests at the base URL (HTTP 404 that does not name a model): most
 * often a base URL without its `/v1`. Told apart from {@link LlmModelNotFoundError} so the user
 * fixes the URL instead of hunting for a model name that was right all along. Not retried.
 */
export class LlmEndpointNotFoundError extends LlmFixableError<'base_url'> {
  readonly status = 404;
  readonly providerMessage: string | undefined;

  constructor(options: { baseUrl: string; providerMessage?: string; cause?: unknown }) {
    const problem = t('error.endpointNotFound', { host: hostOf(options.baseUrl) });
    super(`HTTP 404 from ${options.baseUrl}/chat/completions: ${options.providerMessage ?? 'not found'}`, { fix: 'base_url', problem, baseUrl: options.baseUrl }, { cause: options.cause });
    this.providerMessage = options.providerMessage;
  }
}
