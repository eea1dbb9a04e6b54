import { hostOf, LlmError } from './llm-error';

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
        ? `The response from ${host} stopped before it was complete.`
        : options.reason === 'malformed_chunk'
          ? `The response from ${host} could not be read (malformed stream).`
          : `${host} reported an error while answering${options.providerMessage ? `: ${options.providerMessage}` : '.'}`;
  }
}
