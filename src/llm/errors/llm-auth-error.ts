import { hostOf } from './llm-error';
import { LlmFixableError } from './llm-fixable-error';
import { t } from '../../i18n';

/** The endpoint rejected the key (HTTP 401 or 403). Not retried. */
export class LlmAuthError extends LlmFixableError<'api_key'> {
  readonly status: 401 | 403;
  /** The provider's own error text, when it sent one. */
  readonly providerMessage: string | undefined;

  constructor(options: { status: 401 | 403; baseUrl: string; providerMessage?: string; cause?: unknown }) {
    const problem = t('error.keyRejected', { host: hostOf(options.baseUrl) });
    super(`HTTP ${options.status} from ${options.baseUrl}: ${options.providerMessage ?? 'unauthorized'}`, { fix: 'api_key', problem, baseUrl: options.baseUrl }, { cause: options.cause });
    this.status = options.status;
    this.providerMessage = options.providerMessage;
  }
}
