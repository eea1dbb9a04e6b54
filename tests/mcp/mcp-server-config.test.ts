import { parseMcpServers } from '../../src/mcp/mcp-server-config';

describe('parseMcpServers', () => {
  it('reads stdio and streamable-HTTP servers in the shape other MCP clients use, and leaves disabled ones out', () => {
    const text = JSON.stringify({
      mcpServers: {
        weather: { command: ' npx ', args: ['-y', 'weather-mcp'], env: { API_KEY: 'k-123' } },
        tracker: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer t' } },
        old: { command: 'x', disabled: true },
      },
    });
    expect(parseMcpServers(text)).toEqual({
      ok: true,
      servers: [
        { kind: 'stdio', name: 'weather', command: 'npx', args: ['-y', 'weather-mcp'], env: { API_KEY: 'k-123' } },
        { kind: 'http', name: 'tracker', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer t' } },
      ],
    });
  });

  it('takes empty text as no servers', () => {
    expect(parseMcpServers('  \n')).toEqual({ ok: true, servers: [] });
  });

  it.each([
    ['{', 'The MCP servers are not valid JSON; paste an object like {"mcpServers": {"name": {"command": "…"}}}.'],
    ['[]', 'The MCP servers must be a JSON object with an "mcpServers" object inside.'],
    ['{"servers": {}}', 'The MCP servers JSON needs an "mcpServers" object.'],
    ['{"mcpServers": {"my server": {"command": "x"}}}', 'The MCP server name "my server" may only hold letters, digits, "-" and "_" (at most 32).'],
    ['{"mcpServers": {"a": {}}}', 'The MCP server "a" needs a "command" (a program to start) or a "url" (a streamable HTTP address).'],
    ['{"mcpServers": {"a": {"type": "sse", "url": "http://x"}}}', 'The MCP server "a" uses the old SSE transport; Glassbox speaks stdio and streamable HTTP ("type": "http").'],
    ['{"mcpServers": {"a": {"url": "ftp://x"}}}', 'The "url" of the MCP server "a" must start with http:// or https://.'],
    ['{"mcpServers": {"a": {"command": "x", "args": "-y"}}}', 'The "args" of the MCP server "a" must be a list of text values.'],
    ['{"mcpServers": {"a": {"command": "x", "env": {"KEY": 5}}}}', 'The "env" of the MCP server "a" must be an object of text values.'],
  ])('says what is wrong with %s in one sentence', (text, error) => {
    expect(parseMcpServers(text)).toEqual({ ok: false, error });
  });

  it('never quotes a value in an error, since it may be a secret', () => {
    const result = parseMcpServers('{"mcpServers": {"a": {"url": "https://x", "headers": {"Authorization": ["sk-secret-1"]}}}}');
    expect(result).toEqual({ ok: false, error: 'The "headers" of the MCP server "a" must be an object of text values.' });
  });
});
