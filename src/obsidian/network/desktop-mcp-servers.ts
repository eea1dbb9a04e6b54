import { Notice, Platform } from 'obsidian';
import type { McpLogLine, McpRunTools, McpServers, McpServerStatus } from '../../mcp';
import { parseMcpServers, type McpServerConfig } from '../../mcp/mcp-server-config';
import { createDesktopFetch } from './desktop-fetch';
import { t } from '../../i18n';

const NO_TOOLS: McpRunTools = Object.freeze({ tools: [], notices: [] });

/**
 * The plugin's MCP servers (DESIGN.md 11.5), desktop only: mobile cannot start a process, so
 * {@link DesktopMcpServers.create} returns null there and the settings tab hides the section.
 * The MCP client (the SDK and its schemas) is imported the first time a server is configured,
 * never at plugin load, so a vault without MCP servers pays nothing for it at startup.
 * Streamable-HTTP servers are reached through the desktop fetch (Node's http, no CORS); a
 * server that goes away shows a notice.
 */
export class DesktopMcpServers {
  private servers: McpServers | null = null;
  private loading: Promise<McpServers> | null = null;
  private configs: readonly McpServerConfig[] = [];
  private readonly listeners = new Set<() => void>();
  private closed = false;

  /**
   * Null on mobile. `canStartProcesses` defaults to whether Node is there (the desktop app; not
   * the playground in a browser, where a stdio server must say so rather than fail on a require).
   */
  static create(options: { readonly canStartProcesses?: boolean } = {}): DesktopMcpServers | null {
    return Platform.isDesktopApp ? new DesktopMcpServers(options.canStartProcesses ?? nodeIsThere()) : null;
  }

  private constructor(private readonly canStartProcesses: boolean) {}

  /**
   * Applies the settings' `mcpServers` JSON; JSON with a mistake means no servers (the settings
   * tab says what is wrong). Configured servers start at once unless `start` is false: the plugin
   * starts them with {@link start} once Obsidian has loaded the vault, not in `onload`.
   */
  configure(json: string, options: { readonly start?: boolean } = {}): void {
    const parsed = parseMcpServers(json);
    this.configs = parsed.ok ? parsed.servers : [];
    if (this.servers !== null) this.servers.configure(this.configs);
    else if (this.configs.length > 0 && options.start !== false) void this.load();
    this.changed();
  }

  /** Starts the configured servers (loading the MCP client) if they are not running yet. */
  start(): void {
    if (this.servers === null && this.configs.length > 0) void this.load();
  }

  /** Whether any server is configured. */
  get configured(): boolean {
    return this.configs.length > 0;
  }

  /** The MCP tools of a run starting now (none when no server is configured). */
  async toolsForRun(): Promise<McpRunTools> {
    if (!this.configured) return NO_TOOLS;
    return (await this.load()).toolsForRun();
  }

  /** One line per configured server; before the client is loaded, each one not started yet. */
  statuses(): readonly McpServerStatus[] {
    if (this.servers !== null) return this.servers.statuses();
    return this.configs.map((config) => ({ name: config.name, transport: config.kind, state: 'idle', toolCount: null, lastError: null }));
  }

  /** "Test connection" for one server. */
  async test(name: string): Promise<void> {
    await (await this.load()).test(name);
  }

  /** The servers' log lines, oldest first. */
  logLines(): readonly McpLogLine[] {
    return this.servers?.log.entries() ?? [];
  }

  /** Calls `listener` on every change of a state, a tool list or the log; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Ends every server (plugin unload). */
  async close(): Promise<void> {
    this.closed = true;
    await this.servers?.close();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private load(): Promise<McpServers> {
    this.loading ??= import('../../mcp').then(({ McpServers, createMcpTransportFactory }) => {
      const desktopFetch = createDesktopFetch();
      const servers = new McpServers({
        createTransport: createMcpTransportFactory({ ...(desktopFetch !== null ? { fetch: desktopFetch } : {}), canStartProcesses: this.canStartProcesses }),
        onProblem: (message) => new Notice(t('notice.fromGlassbox', { message })),
      });
      servers.configure(this.closed ? [] : this.configs);
      servers.subscribe(() => this.changed());
      this.servers = servers;
      return servers;
    });
    return this.loading;
  }
}

/** Whether this renderer runs on Node (Obsidian's desktop app), which stdio servers need. */
function nodeIsThere(): boolean {
  const node = (window as { process?: { versions?: { node?: unknown } } }).process;
  return typeof node?.versions?.node === 'string';
}
