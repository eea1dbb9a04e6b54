import { hostOf, LlmError } from './llm-error';
import { t } from '../../i18n';

/**
 * The endpoint refused the request itself (HTTP 4xx other than 401/403/404/429, e.g. 400 when a
 * model does not support tools). Not retried: sending the same request again cannot help.
 */
export class LlmRequestError extends LlmError {
  readonly userMessage: string;
  readonly retryable = false;
  readonly status: number;
  readonly baseUrl: string;
  readonly providerMessage: string | undefined;

  constructor(options: { status: number; baseUrl: string; providerMessage?: string; cause?: unknown }) {
    super(`HTTP ${options.status} from ${options.baseUrl}: ${options.providerMessage ?? 'bad request'}`, { cause: options.cause });
    this.status = options.status;
    this.baseUrl = options.baseUrl;
    this.providerMessage = options.providerMessage;
    const host = hostOf(options.baseUrl);
    this.userMessage = options.providerMessage ? t('error.refusedDetail', { host, status: String(options.status), detail: options.providerMessage }) : t('error.refused', { host, status: String(options.status) });
  }
}
