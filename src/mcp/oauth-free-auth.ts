/**
 * Stands in for the MCP SDK's OAuth client module (`client/auth.js`) in main.js
 * (tools/build/mcp-without-oauth.mjs). The SDK's transports call `auth` and
 * `extractWWWAuthenticateParams` only when given an `authProvider`, which Glassbox never gives;
 * a server answering 401 fails with the transport's own HTTP error. Nothing imports this file directly.
 */
export class UnauthorizedError extends Error {
  constructor(message?: string) {
    super(message ?? 'Unauthorized');
    this.name = 'UnauthorizedError';
  }
}

function noOAuth(): never {
  throw new UnauthorizedError('MCP servers that sign in with OAuth are not supported; give the server a token in its headers instead');
}

export function auth(): Promise<never> {
  return Promise.resolve().then(noOAuth);
}

export function extractWWWAuthenticateParams(): never {
  return noOAuth();
}
