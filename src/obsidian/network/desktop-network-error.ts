import { t } from '../../i18n';

/** Node's certificate failures: Node checks against its own bundled roots, not the system's. */
const CERTIFICATE_CODE = /^(CERT_|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_SELF_SIGNED|ERR_TLS_CERT)/;
const NO_ANSWER_CODES = new Set(['ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ECONNABORTED']);

/**
 * A chat request failed on desktop both through the renderer's fetch and through Node's
 * `http(s)`. A `TypeError` like fetch's, with `userMessage` saying which failure it was (from
 * Node's error code), so the chat shows it instead of a generic "could not reach".
 */
export class DesktopNetworkError extends TypeError {
  override readonly name = 'DesktopNetworkError';
  readonly userMessage: string;
  readonly code: string | undefined;

  constructor(options: { url: URL; code: string | undefined; cause: unknown }) {
    super(`fetch failed${options.code ? ` (${options.code})` : ''}`, { cause: options.cause });
    this.code = options.code;
    this.userMessage = describe(options.url, options.code);
  }
}

function describe(url: URL, code: string | undefined): string {
  const host = url.host;
  if (code === 'ECONNREFUSED') return t('network.refused', { host });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return t('network.notFound', { host: url.hostname });
  if (code !== undefined && CERTIFICATE_CODE.test(code)) return t('network.certificate', { host, code });
  if (code !== undefined && NO_ANSWER_CODES.has(code)) return t('network.noAnswer', { host, code });
  return code ? t('network.unreachableCode', { host, code }) : t('network.unreachable', { host });
}
