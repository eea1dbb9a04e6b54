import { hostOf, LlmError } from './llm-error';

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
    const detail = options.providerMessage ? `: ${options.providerMessage}` : '.';
    this.userMessage = `${hostOf(options.baseUrl)} refused the request (HTTP ${options.status})${detail}`;
  }
}
