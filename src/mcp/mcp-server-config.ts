/**
 * The `mcpServers` JSON other MCP clients use (DESIGN.md 11.5), as the settings text area and
 * `glassbox ask --mcp FILE` take it:
 *
 * @example
 * { "mcpServers": {
 *     "weather": { "command": "npx", "args": ["-y", "weather-mcp"], "env": { "API_KEY": "…" } },
 *     "tracker": { "url": "https://mcp.example.com/mcp", "headers": { "Authorization": "Bearer …" } } } }
 */

/** A server started as a process that speaks MCP on its stdin and stdout. */
export interface McpStdioServerConfig {
  readonly kind: 'stdio';
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Secret: never written to notes, traces or logs. */
  readonly env: Readonly<Record<string, string>>;
}

/** A server reached over streamable HTTP. */
export interface McpHttpServerConfig {
  readonly kind: 'http';
  readonly name: string;
  readonly url: string;
  /** Secret: never written to notes, traces or logs. */
  readonly headers: Readonly<Record<string, string>>;
}

/** One configured MCP server. */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** The servers read from the JSON, or the one sentence saying what is wrong with it. */
export type McpConfigResult = { readonly ok: true; readonly servers: readonly McpServerConfig[] } | { readonly ok: false; readonly error: string };

/** Server names become the first half of tool names (`weather__forecast`), which providers limit to these characters. */
const SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Parses the `mcpServers` JSON. Empty text means no servers. A server with `"disabled": true`
 * is left out, as in other clients. Never throws, and an error never quotes a value (it may be
 * a secret), only names.
 */
export function parseMcpServers(text: string): McpConfigResult {
  if (text.trim() === '') return { ok: true, servers: [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The MCP servers are not valid JSON; paste an object like {"mcpServers": {"name": {"command": "…"}}}.' };
  }
  if (!isRecord(json)) return { ok: false, error: 'The MCP servers must be a JSON object with an "mcpServers" object inside.' };
  const servers = json.mcpServers;
  if (servers === undefined) return { ok: false, error: 'The MCP servers JSON needs an "mcpServers" object.' };
  if (!isRecord(servers)) return { ok: false, error: '"mcpServers" must be an object of servers by name.' };
  const parsed: McpServerConfig[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    const server = parseServer(name, entry);
    if (typeof server === 'string') return { ok: false, error: server };
    if (server !== null) parsed.push(server);
  }
  return { ok: true, servers: parsed };
}

function parseServer(name: string, entry: unknown): McpServerConfig | string | null {
  if (!SERVER_NAME.test(name)) return `The MCP server name "${name.slice(0, 40)}" may only hold letters, digits, "-" and "_" (at most 32).`;
  if (!isRecord(entry)) return `The MCP server "${name}" must be an object with "command" or "url".`;
  if (entry.disabled === true) return null;
  const type = entry.type;
  if (type === 'sse') return `The MCP server "${name}" uses the old SSE transport; Glassbox speaks stdio and streamable HTTP ("type": "http").`;
  if (typeof entry.url === 'string') {
    let url: URL;
    try {
      url = new URL(entry.url);
    } catch {
      return `The "url" of the MCP server "${name}" is not a valid address.`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `The "url" of the MCP server "${name}" must start with http:// or https://.`;
    const headers = stringRecord(entry.headers);
    if (headers === null) return `The "headers" of the MCP server "${name}" must be an object of text values.`;
    return { kind: 'http', name, url: url.href, headers };
  }
  if (typeof entry.command === 'string' && entry.command.trim() !== '') {
    const args = entry.args ?? [];
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) return `The "args" of the MCP server "${name}" must be a list of text values.`;
    const env = stringRecord(entry.env);
    if (env === null) return `The "env" of the MCP server "${name}" must be an object of text values.`;
    return { kind: 'stdio', name, command: entry.command.trim(), args, env };
  }
  return `The MCP server "${name}" needs a "command" (a program to start) or a "url" (a streamable HTTP address).`;
}

function stringRecord(value: unknown): Record<string, string> | null {
  if (value === undefined) return {};
  if (!isRecord(value)) return null;
  const entries = Object.entries(value);
  return entries.every(([, item]) => typeof item === 'string') ? Object.fromEntries(entries as [string, string][]) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
