/** Node's certificate failures: Node checks against its own bundled roots, not the system's. */
const CERTIFICATE_CODE = /^(CERT_|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_SELF_SIGNED|ERR_TLS_CERT)/;
const NO_ANSWER_CODES = new Set(['ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ECONNABORTED']);
/** What a server must allow for Obsidian's own (renderer) connection to be usable. */
const ALLOW_ORIGIN = "allow the origin app://obsidian.md in the server's CORS settings";

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
  if (code === 'ECONNREFUSED') return `Nothing is listening at ${host} (connection refused). Check that the server is running and that the port is right.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `The host ${url.hostname} could not be found. Check the base URL; if the server is reached through a proxy, ${ALLOW_ORIGIN}, because the fallback connection does not use the system proxy.`;
  }
  if (code !== undefined && CERTIFICATE_CODE.test(code)) {
    return `The certificate of ${host} is not trusted (${code}). If your system trusts it (a company or self-signed certificate), ${ALLOW_ORIGIN}, so that Obsidian's own connection, which uses the system's certificates, can be used.`;
  }
  if (code !== undefined && NO_ANSWER_CODES.has(code)) return `${host} did not answer (${code}). Check the base URL and your network or VPN.`;
  return `Could not reach ${host}${code ? ` (${code})` : ''}. Check the base URL and that the server is running.`;
}
