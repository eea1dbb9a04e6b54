import { hostOf, LlmError, withSettingsAdvice } from './llm-error';

/** The endpoint does not know the requested model (HTTP 404). Not retried. */
export class LlmModelNotFoundError extends LlmError {
  readonly userMessage: string;
  override readonly fix = 'model' as const;
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
    this.problemText = `The model "${options.model}" was not found at ${hostOf(options.baseUrl)}.`;
    this.userMessage = withSettingsAdvice(this.problemText, this.fix);
  }
}
