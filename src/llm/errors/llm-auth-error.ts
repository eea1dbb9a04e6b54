import { hostOf, LlmError } from './llm-error';
import { GENERIC_ERROR_ADVICE } from './llm-error-advice';
import { t } from '../../i18n';

/** The endpoint rejected the key (HTTP 401 or 403). Not retried. */
export class LlmAuthError extends LlmError {
  readonly userMessage: string;
  /** The problem without advice; a host adds its own for {@link fix}. */
  readonly problem: string;
  readonly fix = 'api_key' as const;
  readonly retryable = false;
  readonly status: 401 | 403;
  readonly baseUrl: string;
  /** The provider's own error text, when it sent one. */
  readonly providerMessage: string | undefined;

  constructor(options: { status: 401 | 403; baseUrl: string; providerMessage?: string; cause?: unknown }) {
    super(`HTTP ${options.status} from ${options.baseUrl}: ${options.providerMessage ?? 'unauthorized'}`, { cause: options.cause });
    this.status = options.status;
    this.baseUrl = options.baseUrl;
    this.providerMessage = options.providerMessage;
    this.problem = t('error.keyRejected', { host: hostOf(options.baseUrl) });
    this.userMessage = `${this.problem} ${GENERIC_ERROR_ADVICE[this.fix]}`;
  }
}
