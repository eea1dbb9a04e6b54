import { createSecretRedactor as createRedactor, REDACTED } from '../llm';
import type { McpServerConfig } from './mcp-server-config';

export { REDACTED };

/** Flag and parameter names whose value is a secret (`--api-key X`, `--token=X`, `?access_token=X`, `GITHUB_TOKEN=X`). */
const SECRET_NAME = /(token|secret|passw(or)?d|api[-_]?key|apikey|auth|credential|bearer|session|signature|^sig$|^key$|private)/i;

/** A query value this long is taken for a token whatever its name (`?k=3f9a…`). */
const LONG_QUERY_VALUE = 16;

/**
 * A function that blanks the configured servers' secrets out of a text (DESIGN.md 11.5 and
 * 12.6: secrets never reach notes, traces or logs), through THE redactor of src/llm, which also
 * blanks their URL-encoded and base64 forms. Applied to tool outputs, error messages and stderr
 * lines before they leave src/mcp. The secrets are: every env and header value (a header such
 * as `Bearer abc123` also as its token alone), the value of a secret-named argument
 * (`--token X`, `--api-key=X`, `GITHUB_TOKEN=X`), the password and secret-named or long query
 * values of a URL (the server's own, or one given as an argument).
 */
export function createSecretRedactor(servers: readonly McpServerConfig[]): (text: string) => string {
  return createRedactor(servers.flatMap(secretsOf));
}

function secretsOf(server: McpServerConfig): string[] {
  if (server.kind === 'http') return [...Object.values(server.headers).flatMap(withToken), ...urlSecrets(server.url)];
  return [...Object.values(server.env).flatMap(withToken), ...argumentSecrets(server.args)];
}

function withToken(value: string): string[] {
  const trimmed = value.trim();
  return [trimmed, trimmed.split(/\s+/).at(-1) ?? ''];
}

function argumentSecrets(args: readonly string[]): string[] {
  const secrets: string[] = [];
  args.forEach((arg, index) => {
    const flag = /^-{1,2}([\w.-]+)$/.exec(arg);
    const next = args[index + 1];
    if (flag && SECRET_NAME.test(flag[1] ?? '') && next !== undefined) secrets.push(next);
    const assigned = /^-{0,2}([\w.-]+)[=:](.+)$/.exec(arg);
    if (assigned && SECRET_NAME.test(assigned[1] ?? '')) secrets.push(...withToken(assigned[2] ?? ''));
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) secrets.push(...urlSecrets(arg));
    else if (assigned && /:\/\//.test(assigned[2] ?? '')) secrets.push(...urlSecrets(assigned[2] ?? ''));
  });
  return secrets;
}

function urlSecrets(text: string): string[] {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [];
  }
  const secrets = [decodeURIComponent(url.password), url.password];
  for (const [name, value] of url.searchParams) if (SECRET_NAME.test(name) || value.length >= LONG_QUERY_VALUE) secrets.push(value);
  return secrets;
}
