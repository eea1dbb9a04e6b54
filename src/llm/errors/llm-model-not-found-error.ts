import { hostOf, LlmError } from './llm-error';
import { GENERIC_ERROR_ADVICE } from './llm-error-advice';
import { t } from '../../i18n';

/** The endpoint does not know the requested model (HTTP 404). Not retried. */
export class LlmModelNotFoundError extends LlmError {
  readonly userMessage: string;
  /** The problem without advice; a host adds its own for {@link fix}. */
  readonly problem: string;
  readonly fix = 'model' as const;
  readonly retryable = false;
  readonly status = 404;
  readonly model: string;
  readonly baseUrl: string;
  readonly providerMessage: string | undefined;

  constructor(options: { model: string; baseUrl: string; providerMessage?: string; cause?: unknown }) {
    super(`HTTP 404 from ${options.baseUrl} for model "${options.model}": ${options.providerMessage ?? 'not found'}`, { cause: options.cause });
    this.model = options.model;
    this.baseUrl = options.baseUrl;
    this.providerMessage = options.providerMessage;
    this.problem = t('error.modelNotFound', { model: options.model, host: hostOf(options.baseUrl) });
    this.userMessage = `${this.problem} ${GENERIC_ERROR_ADVICE[this.fix]}`;
  }
}
