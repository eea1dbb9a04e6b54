// A small MCP server for the tests, written with the same SDK the plugin's client uses
// (issue 18). `node mcp-test-server.mjs` serves stdio; `--http` serves streamable HTTP on
// 127.0.0.1 and prints `listening PORT` on stdout. Tools:
// - forecast {city}: text, a resource link to a note, a web link and an image.
// - slow {ms}: waits, or stops early when the client cancels (logs "slow: cancelled" on stderr).
// - fail: answers with an error result.
// - crash: the process exits in the middle of the call.
// - whoami: returns its TEST_TOKEN environment value (and the request's Authorization header).
// - add_tool: registers `extra` and sends tools/list_changed.
// - bad_schema and bad_properties appear when TEST_BAD_SCHEMA=1: input schemas that are not object schemas.
// - add.tool appears when TEST_DOTTED_NAME=1: the model would see it as weather__add_tool, add_tool's name.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const objectSchema = (properties, required = []) => ({ type: 'object', properties, required });
let tools = [
  { name: 'forecast', description: 'The weather forecast for a city.', inputSchema: objectSchema({ city: { type: 'string', minLength: 1 } }, ['city']) },
  { name: 'slow', description: 'Takes its time.', inputSchema: objectSchema({ ms: { type: 'number' } }, ['ms']) },
  { name: 'fail', description: 'Always fails.', inputSchema: objectSchema({}) },
  { name: 'crash', description: 'Ends the server process.', inputSchema: objectSchema({}) },
  { name: 'whoami', description: 'Says which token the server was given.', inputSchema: objectSchema({}) },
  { name: 'add_tool', description: 'Adds a tool named extra.', inputSchema: objectSchema({}) },
];
if (process.env.TEST_BAD_SCHEMA === '1') {
  tools.push({ name: 'bad_schema', description: 'Takes a bare string.', inputSchema: { type: 'string' } });
  tools.push({ name: 'bad_properties', description: 'Properties that are not an object.', inputSchema: { type: 'object', properties: ['city'] } });
}
if (process.env.TEST_DOTTED_NAME === '1') tools.push({ name: 'add.tool', description: 'A dot providers refuse in a name.', inputSchema: objectSchema({}) });

function createMcpServer(headersOf) {
  const server = new Server({ name: 'glassbox-test', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = request.params.arguments ?? {};
    switch (request.params.name) {
      case 'forecast':
        return {
          content: [
            { type: 'text', text: `Sunny in ${args.city}, 21 °C.` },
            { type: 'resource_link', uri: 'file:///vault/Trips/Oslo%20trip.md', name: 'Oslo trip.md' },
            { type: 'resource_link', uri: 'https://weather.example/oslo', name: 'Oslo on weather.example' },
            { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          ],
        };
      case 'slow':
        process.stderr.write('slow: started\n');
        return await new Promise((resolve) => {
          const timer = setTimeout(() => resolve({ content: [{ type: 'text', text: `done after ${args.ms} ms` }] }), Number(args.ms));
          extra.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            process.stderr.write('slow: cancelled\n');
            resolve({ content: [{ type: 'text', text: 'cancelled' }] });
          });
        });
      case 'fail':
        return { isError: true, content: [{ type: 'text', text: 'the forecast service is down' }] };
      case 'crash':
        process.stderr.write('crash: exiting now\n');
        process.exit(3);
        return { content: [] };
      case 'whoami':
        return { content: [{ type: 'text', text: `token=${process.env.TEST_TOKEN ?? ''} authorization=${headersOf(extra)}` }] };
      case 'add_tool':
        if (!tools.some((tool) => tool.name === 'extra')) tools = [...tools, { name: 'extra', description: 'Added later.', inputSchema: objectSchema({}) }];
        await server.sendToolListChanged();
        return { content: [{ type: 'text', text: 'added' }] };
      case 'extra':
        return { content: [{ type: 'text', text: 'extra ran' }] };
      default:
        return { isError: true, content: [{ type: 'text', text: `no tool ${request.params.name}` }] };
    }
  });
  return server;
}

if (process.argv.includes('--http')) {
  const transports = new Map();
  const http = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const sessionId = request.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (transport === undefined) {
      transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => transports.set(id, transport) });
      await createMcpServer((extra) => extra.requestInfo?.headers?.authorization ?? '').connect(transport);
    }
    await transport.handleRequest(request, response, body);
  });
  http.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${http.address().port}\n`));
} else {
  await createMcpServer(() => '').connect(new StdioServerTransport());
  process.stderr.write('glassbox-test MCP server ready\n');
}
