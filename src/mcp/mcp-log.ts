/** One line of an MCP server's log: its stderr, or what happened to its connection. */
export interface McpLogLine {
  readonly at: number;
  readonly server: string;
  readonly text: string;
}

/** Lines kept; older ones are dropped. */
export const MCP_LOG_LINES = 500;

/**
 * The servers' log, shown in the settings tab, never in the chat (issue 18). Lines arrive
 * already redacted (src/mcp redacts before logging).
 */
export class McpLog {
  private lines: McpLogLine[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  add(server: string, text: string): void {
    this.lines.push({ at: this.now(), server, text });
    if (this.lines.length > MCP_LOG_LINES) this.lines = this.lines.slice(-MCP_LOG_LINES);
    for (const listener of this.listeners) listener();
  }

  /** Every kept line, oldest first; or one server's. */
  entries(server?: string): readonly McpLogLine[] {
    return server === undefined ? [...this.lines] : this.lines.filter((line) => line.server === server);
  }

  /** Calls `listener` after each new line; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
