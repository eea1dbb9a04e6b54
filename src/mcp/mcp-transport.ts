import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpTransportFactory } from './mcp-connection';
import type { McpServerConfig } from './mcp-server-config';
import { LineSplitter } from './line-splitter';

/**
 * The transports of the official SDK: streamable HTTP (with the configured headers, through
 * `fetch` when given, e.g. the desktop fetch that avoids CORS) and stdio. The stdio transport
 * needs Node's `child_process`, so it is imported only when a stdio server starts, never when
 * the plugin loads (mobile has no Node; main.js must load without it).
 */
export function createMcpTransportFactory(options: { fetch?: typeof fetch; canStartProcesses: boolean }): McpTransportFactory {
  return async (config: McpServerConfig, onStderrLine: (line: string) => void): Promise<Transport> => {
    if (config.kind === 'http') {
      return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: { ...config.headers } }, ...(options.fetch !== undefined ? { fetch: options.fetch } : {}) });
    }
    if (!options.canStartProcesses) throw new Error('stdio servers need the desktop app (or the CLI); use a streamable HTTP server here');
    const { StdioClientTransport, getDefaultEnvironment } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const transport = new StdioClientTransport({ command: config.command, args: [...config.args], env: { ...getDefaultEnvironment(), ...config.env }, stderr: 'pipe' });
    const lines = new LineSplitter(onStderrLine);
    // One decoder for the stream, so a character split across two chunks stays whole.
    const decoder = new TextDecoder();
    transport.stderr?.on('data', (chunk: Uint8Array | string) => lines.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })));
    transport.stderr?.on('end', () => lines.flush());
    return transport;
  };
}
