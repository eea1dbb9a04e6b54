import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The cookie that carries the token after the first visit with `?token=`. */
const COOKIE = 'glassbox_playground';

/** Whether `host` is this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * The playground on a network (DESIGN.md 12.6): it serves a whole vault and writes into it, so
 * beyond loopback it needs `--allow-network` and every request must carry a random token, given
 * once in the printed URL (`?token=…`) and kept in an HttpOnly, SameSite=Strict cookie after.
 * On loopback it answers as before (its Host check stops DNS rebinding there).
 */
export class NetworkAccess {
  /** Null on loopback: no token needed. */
  readonly token: string | null;

  constructor(options: { host: string; allowNetwork: boolean }) {
    if (isLoopbackHost(options.host)) {
      this.token = null;
      return;
    }
    if (!options.allowNetwork) {
      throw new Error(`Listening on ${options.host} lets any machine that reaches it read and write the vault; add --allow-network to do it anyway (the printed address then carries a secret token).`);
    }
    this.token = randomBytes(24).toString('base64url');
  }

  /** The query to add to the printed URL. */
  urlSuffix(): string {
    return this.token === null ? '' : `?token=${this.token}`;
  }

  /**
   * True when the request may go on. A right `?token=` sets the cookie; a request with neither
   * a right token nor the cookie is answered 401 here.
   */
  admit(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.token === null) return true;
    const given = new URL(request.url ?? '/', 'http://playground.invalid').searchParams.get('token');
    if (given !== null && this.matches(given)) {
      response.setHeader('set-cookie', `${COOKIE}=${this.token}; HttpOnly; SameSite=Strict; Path=/`);
      return true;
    }
    const cookie = (request.headers.cookie ?? '').split(';').map((part) => part.trim()).find((part) => part.startsWith(`${COOKIE}=`));
    if (cookie !== undefined && this.matches(cookie.slice(COOKIE.length + 1))) return true;
    response.writeHead(401, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    response.end(JSON.stringify({ error: 'Open the playground with the address it printed (it carries a token).' }));
    return false;
  }

  private matches(candidate: string): boolean {
    const expected = Buffer.from(this.token ?? '');
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
