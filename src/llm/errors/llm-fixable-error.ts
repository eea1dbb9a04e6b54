import { LlmError } from './llm-error';
import { GENERIC_ERROR_ADVICE, type LlmErrorFix } from './llm-error-advice';

/**
 * An error of one endpoint that the user fixes by changing one thing, named as data ({@link fix}):
 * the problem alone, for a host to add its own advice, and `userMessage` with advice that names
 * no host. Never retried as is.
 */
export abstract class LlmFixableError<Fix extends LlmErrorFix> extends LlmError {
  readonly userMessage: string;
  /** The problem without advice; a host adds its own for {@link fix}. */
  readonly problem: string;
  readonly fix: Fix;
  readonly retryable = false;
  readonly baseUrl: string;

  protected constructor(message: string, fixable: { readonly fix: Fix; readonly problem: string; readonly baseUrl: string }, options?: { cause?: unknown }) {
    super(message, options);
    this.fix = fixable.fix;
    this.problem = fixable.problem;
    this.baseUrl = fixable.baseUrl;
    this.userMessage = `${this.problem} ${GENERIC_ERROR_ADVICE[this.fix]}`;
  }
}
