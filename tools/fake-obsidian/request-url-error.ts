/**
 * What the fake `requestUrl` rejects with on a status ≥ 400 when `throw` is not false. Obsidian's
 * own error says only "Request failed, status N"; the fake keeps the same message and adds the
 * response, so a test can see what came back.
 */
export class RequestUrlError extends Error {
  /** The HTTP status (≥ 400). */
  readonly status: number;
  /** The response headers, lower-case names. */
  readonly headers: Record<string, string>;
  /** The response body as text. */
  readonly text: string;

  constructor(options: { status: number; headers: Record<string, string>; text: string }) {
    super(`Request failed, status ${options.status}`);
    this.name = 'RequestUrlError';
    this.status = options.status;
    this.headers = options.headers;
    this.text = options.text;
  }
}
