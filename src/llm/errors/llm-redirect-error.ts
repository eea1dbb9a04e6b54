import { hostOf, LlmError } from './llm-error';
import { t } from '../../i18n';

/**
 * The endpoint redirected the request to another origin (issue 36): the request, with the chat
 * and its note passages, is not sent there. Not retried: the server will say the same again.
 * `target` is the other origin, or undefined where the platform hides it (a browser's manual redirect).
 */
export class LlmRedirectError extends LlmError {
  readonly userMessage: string;
  readonly retryable = false;
  readonly baseUrl: string;

  constructor(options: { baseUrl: string; target: string | undefined }) {
    super(`${options.baseUrl} redirected the request to ${options.target ?? 'an unknown location'}; not followed`);
    this.baseUrl = options.baseUrl;
    const host = hostOf(options.baseUrl);
    this.userMessage = options.target === undefined ? t('error.redirectHidden', { host }) : t('error.redirectOtherOrigin', { host, target: options.target });
  }
}
