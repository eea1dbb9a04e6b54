import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The MCP SDK's HTTP transports import its OAuth client (discovery, PKCE, token exchange,
// client registration; about 20 KB minified) and call it only when a transport is given an
// `authProvider`. Glassbox never gives one (servers take static headers), so in main.js the
// module is swapped for src/mcp/oauth-free-auth.ts, which keeps the names the transports import
// and fails clearly if ever called (docs/decisions/bundle-size.md).

const replacement = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'mcp', 'oauth-free-auth.ts');

export const mcpWithoutOAuthPlugin = {
  name: 'mcp-without-oauth',
  setup(build) {
    build.onResolve({ filter: /^\.\/auth\.js$/ }, (args) => (args.importer.includes(`${path.sep}@modelcontextprotocol${path.sep}sdk${path.sep}`) && args.importer.includes(`${path.sep}client${path.sep}`) ? { path: replacement } : undefined));
  },
};
