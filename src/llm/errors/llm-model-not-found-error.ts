import { hostOf } from './llm-error';
import { LlmFixableError } from './llm-fixable-error';
import { t } from '../../i18n';

/** The endpoint does not know the requested model (HTTP 404). Not retried. */
export class LlmModelNotFoundError extends LlmFixableError<'model'> {
  readonly status = 404;
  readonly model: string;
  readonly providerMessage: string | undefined;

  constructor(options: { model: string; baseUrl: string; providerMessage?: string; cause?: unknown }) {
    const problem = t('error.modelNotFound', { model: options.model, host: hostOf(options.baseUrl) });
    super(`HTTP 404 from ${options.baseUrl} for model "${options.model}": ${options.providerMessage ?? 'not found'}`, { fix: 'model', problem, baseUrl: options.baseUrl }, { cause: options.cause });
    this.model = options.model;
    this.providerMessage = options.providerMessage;
  }
}
