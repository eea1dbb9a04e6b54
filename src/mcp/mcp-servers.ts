import type { AgentTool } from '../agent';
import { McpConnection, type McpConnectionState, type McpTransportFactory } from './mcp-connection';
import { McpLog } from './mcp-log';
import type { McpServerConfig } from './mcp-server-config';
import { createMcpTool } from './mcp-tool';
import { createSecretRedactor } from './secret-redactor';
import { t } from '../i18n';

/** What the settings view shows for one server. */
export interface McpServerStatus {
  readonly name: string;
  readonly transport: 'stdio' | 'http';
  readonly state: McpConnectionState['kind'];
  /** Tools offered to the model (after refusals); null before the first list. */
  readonly toolCount: number | null;
  /** The last failure, redacted; null when none since it last connected. */
  readonly lastError: string | null;
}

/** The MCP tools of a run, and the notices for servers or tools that are left out. */
export interface McpRunTools {
  readonly tools: readonly AgentTool[];
  readonly notices: readonly string[];
}

/**
 * The configured MCP servers (DESIGN.md 11.5): one {@link McpConnection} each, kept across
 * runs so a server starts once and its tool list is cached. `toolsForRun` connects what is not
 * connected yet (a server that failed is tried again) and returns every tool as `server__tool`;
 * a server that cannot start, or a tool that is refused, becomes a notice, never a failed run.
 */
export class McpServers {
  readonly log: McpLog;
  private connections = new Map<string, { connection: McpConnection; key: string }>();
  private redact: (text: string) => string = (text) => text;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly options: {
      createTransport: McpTransportFactory;
      /** A server went away between or during runs: the host shows a notice (Obsidian) or a line (CLI). */
      onProblem?: (message: string) => void;
      now?: () => number;
      connectTimeoutMs?: number;
    },
  ) {
    this.log = new McpLog(options.now);
  }

  /** Applies a new configuration: servers removed or changed are closed, new ones wait for the next run. */
  configure(servers: readonly McpServerConfig[]): void {
    this.redact = createSecretRedactor(servers);
    const next = new Map<string, { connection: McpConnection; key: string }>();
    for (const config of servers) {
      const key = JSON.stringify(config);
      const existing = this.connections.get(config.name);
      if (existing !== undefined && existing.key === key) {
        next.set(config.name, existing);
        continue;
      }
      void existing?.connection.close();
      next.set(config.name, { connection: this.createConnection(config), key });
    }
    for (const [name, entry] of this.connections) if (!next.has(name)) void entry.connection.close();
    this.connections = next;
    this.changed();
  }

  /** Whether any server is configured. */
  get configured(): boolean {
    return this.connections.size > 0;
  }

  /** Connects every server that is not connected and returns their tools for a run starting now. */
  async toolsForRun(): Promise<McpRunTools> {
    const results = await Promise.all([...this.connections.values()].map(async ({ connection }) => {
      try {
        const listed = await connection.ready();
        const tools: AgentTool[] = [];
        const notices: string[] = [];
        for (const item of listed) {
          const made = createMcpTool({ connection, listed: item, redact: this.redact });
          if (made.ok) tools.push(made.tool);
          else notices.push(made.reason);
        }
        return { tools, notices };
      } catch (error) {
        return { tools: [], notices: [t('mcp.serverProblem', { server: connection.config.name, problem: error instanceof Error ? error.message : String(error) })] };
      }
    }));
    const seen = new Set<string>();
    const tools: AgentTool[] = [];
    const notices = results.flatMap((result) => result.notices);
    for (const tool of results.flatMap((result) => result.tools)) {
      if (seen.has(tool.name)) {
        notices.push(t('mcp.sameToolName', { tool: tool.name }));
        continue;
      }
      seen.add(tool.name);
      tools.push(tool);
    }
    return { tools, notices };
  }

  /** One line per server for the settings view. */
  statuses(): readonly McpServerStatus[] {
    return [...this.connections.values()].map(({ connection }) => {
      const listed = connection.listedTools;
      const toolCount = listed === null ? null : listed.filter((item) => createMcpTool({ connection, listed: item, redact: this.redact }).ok).length;
      return { name: connection.config.name, transport: connection.config.kind, state: connection.state.kind, toolCount, lastError: connection.lastError };
    });
  }

  /** "Test connection": starts the server again from scratch and lists its tools. */
  async test(name: string): Promise<McpServerStatus | undefined> {
    const entry = this.connections.get(name);
    if (entry === undefined) return undefined;
    await entry.connection.close();
    await entry.connection.ready().catch(() => undefined);
    return this.statuses().find((status) => status.name === name);
  }

  /** Calls `listener` when a state, a tool list or a log line changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    const unsubscribeLog = this.log.subscribe(listener);
    return () => {
      this.listeners.delete(listener);
      unsubscribeLog();
    };
  }

  /** Ends every server (plugin unload, end of a CLI run). */
  async close(): Promise<void> {
    const entries = [...this.connections.values()];
    this.connections = new Map();
    await Promise.all(entries.map((entry) => entry.connection.close()));
  }

  private createConnection(config: McpServerConfig): McpConnection {
    return new McpConnection(config, {
      createTransport: this.options.createTransport,
      redact: (text) => this.redact(text),
      log: (line) => this.log.add(config.name, line),
      onChange: () => this.changed(),
      onStopped: () => this.options.onProblem?.(t('mcp.serverProblem', { server: config.name, problem: t('mcp.serverStopped') })),
      ...(this.options.connectTimeoutMs !== undefined ? { connectTimeoutMs: this.options.connectTimeoutMs } : {}),
    });
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
