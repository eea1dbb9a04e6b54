import { hostOf, LlmError } from './llm-error';
import { t } from '../../i18n';

/** The endpoint failed (HTTP 5xx). Retried before the first token only. */
export class LlmServerError extends LlmError {
  readonly userMessage: string;
  readonly retryable = true;
  readonly status: number;
  readonly baseUrl: string;
  readonly providerMessage: string | undefined;

  constructor(options: { status: number; baseUrl: string; providerMessage?: string; cause?: unknown }) {
    super(`HTTP ${options.status} from ${options.baseUrl}: ${options.providerMessage ?? 'server error'}`, { cause: options.cause });
    this.status = options.status;
    this.baseUrl = options.baseUrl;
    this.providerMessage = options.providerMessage;
    this.userMessage = t('error.serverError', { host: hostOf(options.baseUrl), status: String(options.status) });
  }
}
