import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { AgentApprovalDecision, AgentApprovalGate, AgentApprovalRequest, AgentRememberedApproval } from '../../src/agent/approval';
import type { McpServerConfig } from '../../src/mcp';

/** The test MCP server (written with the same SDK as the client): stdio by default, `--http` for streamable HTTP. */
export const MCP_TEST_SERVER = join(__dirname, 'mcp-test-server.mjs');

/** Secrets the tests give the servers; none may appear in a note, a trace or a log. */
export const STDIO_SECRET = 'tok-SECRET-stdio-4821';
export const HEADER_SECRET = 'hdr-SECRET-http-7730';

/** A stdio server entry that starts the test server with Node. */
export function stdioServer(name: string, env: Record<string, string> = {}): McpServerConfig {
  return { kind: 'stdio', name, command: process.execPath, args: [MCP_TEST_SERVER], env: { TEST_TOKEN: STDIO_SECRET, ...env } };
}

/** The test server over streamable HTTP on 127.0.0.1, as its own process. */
export async function startHttpMcpServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const child = spawn(process.execPath, [MCP_TEST_SERVER, '--http'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the HTTP MCP test server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/** An approval gate that answers from a list and remembers like settings would. */
export function scriptedApprovals(decisions: AgentApprovalDecision[] = [], remembered = new Map<string, AgentRememberedApproval>()): { gate: AgentApprovalGate; asked: AgentApprovalRequest[]; remembered: Map<string, AgentRememberedApproval> } {
  const asked: AgentApprovalRequest[] = [];
  const gate: AgentApprovalGate = {
    remembered: (scope) => remembered.get(scope),
    ask: (request) => {
      asked.push(request);
      const decision = decisions.shift();
      return decision === undefined ? Promise.reject(new Error('the test did not expect another approval card')) : Promise.resolve(decision);
    },
    remember: (scope, decision) => {
      remembered.set(scope, decision);
    },
  };
  return { gate, asked, remembered };
}

/** Resolves once `check` holds, checked on every change `subscribe` reports (no polling); rejects after `timeoutMs`. */
export function whenTrue(subscribe: (listener: () => void) => () => void, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (check()) return resolve();
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error('the expected change did not happen in time'));
    }, timeoutMs);
    const unsubscribe = subscribe(() => {
      if (!check()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}
