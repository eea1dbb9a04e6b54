import type { McpServerConfig } from './mcp-server-config';

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/** Values shorter than this are not treated as secrets: "1" or "on" would blank out ordinary text. */
const MIN_SECRET_CHARS = 4;

/**
 * A function that blanks every env value and header value of the configured servers out of a
 * text (DESIGN.md 11.5: secrets never reach notes, traces or logs). Applied to tool outputs,
 * error messages and stderr lines before they leave src/mcp. A header such as
 * `Bearer abc123` is also blanked as its token alone, since servers may echo just the token.
 */
export function createSecretRedactor(servers: readonly McpServerConfig[]): (text: string) => string {
  const secrets = new Set<string>();
  for (const server of servers) {
    const values = server.kind === 'stdio' ? Object.values(server.env) : Object.values(server.headers);
    for (const value of values) {
      const trimmed = value.trim();
      if (trimmed.length >= MIN_SECRET_CHARS) secrets.add(trimmed);
      const token = trimmed.split(/\s+/).at(-1) ?? '';
      if (token.length >= MIN_SECRET_CHARS) secrets.add(token);
    }
  }
  // Longest first, so a secret that contains another is blanked whole.
  const ordered = [...secrets].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  return (text) => ordered.reduce((result, secret) => result.split(secret).join(REDACTED), text);
}
