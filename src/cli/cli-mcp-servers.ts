import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createMcpTransportFactory, McpServers, parseMcpServers } from '../mcp';
import { CliUsageError } from './cli-io';

/**
 * The MCP servers of `glassbox ask --mcp FILE` (DESIGN.md 11.4): the file is the `mcpServers`
 * JSON other clients use. A file that cannot be read or parsed is a usage error (exit 2). A
 * server that goes away during the run is one line on stderr (its own log is not printed:
 * stderr of servers is noise in a terminal, and may carry what they were given).
 */
export async function openCliMcpServers(options: { file: string; cwd: string; stderr: { write(text: string): unknown } }): Promise<McpServers> {
  const text = await readFile(resolve(options.cwd, options.file), 'utf8').catch(() => null);
  if (text === null) throw new CliUsageError(`The MCP servers file ${options.file} could not be read.`);
  const parsed = parseMcpServers(text);
  if (!parsed.ok) throw new CliUsageError(`${options.file}: ${parsed.error}`);
  const servers = new McpServers({
    createTransport: createMcpTransportFactory({ canStartProcesses: true }),
    onProblem: (message) => options.stderr.write(`mcp: ${message}\n`),
  });
  servers.configure(parsed.servers);
  return servers;
}
