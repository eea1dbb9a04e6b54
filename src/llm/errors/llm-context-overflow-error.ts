import { hostOf } from './llm-error';
import { LlmFixableError } from './llm-fixable-error';
import { t } from '../../i18n';

/**
 * The request did not fit the model's context window (DESIGN.md 12.1), however the server said
 * so: OpenAI's `context_length_exceeded`, llama.cpp's `exceed_context_size_error` (400) or
 * "Context size has been exceeded" (500), vLLM's "maximum context length", an error chunk inside
 * a 200 stream (its message kept in the sentence: it is all the provider said). Not retried as is: the runner shrinks the request and asks once more.
 */
export class LlmContextOverflowError extends LlmFixableError<'context_window'> {
  /** The window the server named, when it named one. */
  readonly windowTokens: number | undefined;
  /** The request's size as the server counted it, when it said. */
  readonly requestTokens: number | undefined;
  readonly providerMessage: string | undefined;
  /** The HTTP status, or undefined for an error inside a stream. */
  readonly status: number | undefined;

  constructor(options: { baseUrl: string; windowTokens?: number; requestTokens?: number; providerMessage?: string; status?: number; cause?: unknown }) {
    const host = hostOf(options.baseUrl);
    // An error chunk inside a 200 stream ("Token limit reached") is the provider's only word on it: kept, beside the advice.
    const problem =
      options.status === undefined && options.providerMessage !== undefined && options.providerMessage !== ''
        ? t('error.tooLongStream', { host, detail: options.providerMessage })
        : options.windowTokens === undefined
          ? t('error.tooLong', { host })
          : t('error.tooLongWindow', { host, tokens: options.windowTokens });
    super(`Context window exceeded at ${options.baseUrl}${options.providerMessage ? `: ${options.providerMessage}` : ''}`, { fix: 'context_window', problem, baseUrl: options.baseUrl }, { cause: options.cause });
    this.windowTokens = options.windowTokens;
    this.requestTokens = options.requestTokens;
    this.providerMessage = options.providerMessage;
    this.status = options.status;
  }
}
