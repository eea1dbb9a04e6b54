import { hostOf } from './llm-error';
import { LlmFixableError } from './llm-fixable-error';
import { t } from '../../i18n';

/**
 * The base URL answered, but not with a stream of chat chunks: a web page (the URL of a web UI
 * instead of its API) or one JSON document (a server that ignores `stream: true`). Told apart
 * from a stream cut mid-way, which would send the user looking at their network. Not retried.
 */
export class LlmIncompatibleEndpointError extends LlmFixableError<'base_url'> {
  readonly contentType: string | undefined;

  constructor(options: { baseUrl: string; contentType?: string | null; cause?: unknown }) {
    const contentType = options.contentType ?? undefined;
    const problem = t('error.incompatible', { host: hostOf(options.baseUrl), what: describe(contentType) });
    super(`${options.baseUrl}/chat/completions answered ${contentType ?? 'without a content type'}, not a server-sent event stream`, { fix: 'base_url', problem, baseUrl: options.baseUrl }, { cause: options.cause });
    this.contentType = contentType;
  }
}

function describe(contentType: string | undefined): string {
  if (contentType === undefined || contentType.trim() === '') return 'an empty or untyped response';
  if (/html/i.test(contentType)) return 'a web page';
  if (/json/i.test(contentType)) return 'a single JSON document';
  return `"${contentType.split(';')[0].trim()}"`;
}
