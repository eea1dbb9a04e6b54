import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The MCP SDK's client imports its Ajv validator (with ajv and ajv-formats, about 230 KiB
// minified) as the default for checking tool outputs, even when a client is given another one.
// Glassbox always gives it its own (src/mcp/accept-all-validator.ts, never called), so the
// Ajv module is swapped for that one in main.js and Ajv is never bundled
// (docs/decisions/mcp-sdk-client.md).

const replacement = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'mcp', 'ajv-free-validator.ts');

export const mcpWithoutAjvPlugin = {
  name: 'mcp-without-ajv',
  setup(build) {
    build.onResolve({ filter: /[\\/]validation[\\/]ajv-provider\.js$/ }, (args) => (args.importer.includes(`${path.sep}@modelcontextprotocol${path.sep}sdk${path.sep}`) ? { path: replacement } : undefined));
  },
};
