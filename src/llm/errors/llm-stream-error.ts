import { hostOf, LlmError } from './llm-error';
import { t } from '../../i18n';

/** Why a stream that had started could not be read to its end. */
export type LlmStreamErrorReason = 'cut' | 'malformed_chunk' | 'provider_error';

/**
 * The response stream broke: it was cut mid-way, a chunk was not valid JSON, or the provider
 * sent an error object inside the stream. Never retried (tokens may already be shown).
 */
export class LlmStreamError extends LlmError {
  readonly userMessage: string;
  readonly retryable = false;
  readonly reason: LlmStreamErrorReason;
  readonly baseUrl: string;
  readonly providerMessage: string | undefined;

  constructor(options: { reason: LlmStreamErrorReason; baseUrl: string; providerMessage?: string; cause?: unknown }) {
    super(`Stream from ${options.baseUrl} failed (${options.reason})${options.providerMessage ? `: ${options.providerMessage}` : ''}`, { cause: options.cause });
    this.reason = options.reason;
    this.baseUrl = options.baseUrl;
    this.providerMessage = options.providerMessage;
    const host = hostOf(options.baseUrl);
    this.userMessage =
      options.reason === 'cut'
        ? t('error.streamCut', { host })
        : options.reason === 'malformed_chunk'
          ? t('error.streamMalformed', { host })
          : options.providerMessage
            ? t('error.streamReportedDetail', { host, detail: options.providerMessage })
            : t('error.streamReported', { host });
  }
}
