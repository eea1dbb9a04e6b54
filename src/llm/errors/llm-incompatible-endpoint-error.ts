import { hostOf, LlmError } from './llm-error';
import { GENERIC_ERROR_ADVICE } from './llm-error-advice';
import { t } from '../../i18n';

/**
 * The base URL answered, but not with a stream of chat chunks: a web page (the URL of a web UI
 * instead of its API) or one JSON document (a server that ignores `stream: true`). Told apart
 * from a stream cut mid-way, which would send the user looking at their network. Not retried.
 */
export class LlmIncompatibleEndpointError extends LlmError {
  readonly userMessage: string;
  /** The problem without advice; a host adds its own for {@link fix}. */
  readonly problem: string;
  readonly fix = 'base_url' as const;
  readonly retryable = false;
  readonly baseUrl: string;
  readonly contentType: string | undefined;

  constructor(options: { baseUrl: string; contentType?: string | null; cause?: unknown }) {
    const contentType = options.contentType ?? undefined;
    super(`${options.baseUrl}/chat/completions answered ${contentType ?? 'without a content type'}, not a server-sent event stream`, { cause: options.cause });
    this.baseUrl = options.baseUrl;
    this.contentType = contentType;
    this.problem = t('error.incompatible', { host: hostOf(options.baseUrl), what: describe(contentType) });
    this.userMessage = `${this.problem} ${GENERIC_ERROR_ADVICE[this.fix]}`;
  }
}

function describe(contentType: string | undefined): string {
  if (contentType === undefined || contentType.trim() === '') return 'an empty or untyped response';
  if (/html/i.test(contentType)) return 'a web page';
  if (/json/i.test(contentType)) return 'a single JSON document';
  return `"${contentType.split(';')[0].trim()}"`;
}
