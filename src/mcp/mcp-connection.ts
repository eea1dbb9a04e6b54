import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, ErrorCode, McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';
import { AcceptAllJsonSchemaValidator } from './accept-all-validator';
import type { McpContentBlock } from './mcp-result-text';
import type { McpListedTool } from './mcp-listed-tool';
import type { McpServerConfig } from './mcp-server-config';
import { inEnglish, t } from '../i18n';

/** Where one server stands. */
export type McpConnectionState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'connecting' }
  | { readonly kind: 'connected' }
  | { readonly kind: 'failed'; readonly error: string };

/** A transport for a server, and its stderr lines (stdio only). */
export type McpTransportFactory = (config: McpServerConfig, onStderrLine: (line: string) => void) => Promise<Transport>;

/** The result of one call, as the wire gives it (only the fields read here). */
export interface McpCallResult {
  readonly content?: readonly McpContentBlock[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
}

/** How long starting a server and its first answer may take. */
export const CONNECT_TIMEOUT_MS = 20_000;
/** Pages of tools/list read at most (a server that pages forever must not hang a run). */
const MAX_LIST_PAGES = 20;

// The SDK's own tools/list schema rejects the whole list when one tool's input schema is not
// an object schema; this one keeps every tool, so that one is refused alone, with a notice.
const LooseListToolsResultSchema = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string(), description: z.string().optional(), inputSchema: z.unknown() })),
  nextCursor: z.string().optional(),
});

/**
 * One MCP server through the official SDK client: connects on demand, keeps the tool list
 * (listed once, listed again when the server says it changed), calls tools with the run's
 * signal and a timeout, and notices when the server goes away. Messages are already redacted.
 */
export class McpConnection {
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private tools: readonly McpListedTool[] | null = null;
  private current: McpConnectionState = { kind: 'idle' };
  private closing = false;
  private failure: string | null = null;

  constructor(
    readonly config: McpServerConfig,
    private readonly options: {
      createTransport: McpTransportFactory;
      redact: (text: string) => string;
      /** A line for the server's log (stderr, and what happened to the connection). */
      log: (line: string) => void;
      /** The state, the tool list or the last error changed. */
      onChange: () => void;
      /** The server went away on its own (it died, or the network dropped). */
      onStopped?: () => void;
      connectTimeoutMs?: number;
    },
  ) {}

  get state(): McpConnectionState {
    return this.current;
  }

  /** The last failure (start, list, call, or the server going away), redacted; cleared when it connects. */
  get lastError(): string | null {
    return this.failure;
  }

  /** The tools as last listed, or null before the first list. */
  get listedTools(): readonly McpListedTool[] | null {
    return this.tools;
  }

  /** Connects (or reconnects after a failure) and lists the tools once; resolves when ready, rejects with a redacted message. */
  async ready(): Promise<readonly McpListedTool[]> {
    if (this.current.kind !== 'connected' || this.client === null) {
      this.connecting ??= this.connect().finally(() => {
        this.connecting = null;
      });
      await this.connecting;
    }
    if (this.tools === null) {
      this.tools = await this.listTools();
      this.options.onChange();
    }
    return this.tools;
  }

  /** Calls a tool; a stop (`signal`) cancels it on the server too. */
  async callTool(name: string, args: Record<string, unknown>, options: { signal: AbortSignal; timeoutMs: number }): Promise<McpCallResult> {
    await this.ready();
    const client = this.client;
    if (client === null) throw new Error('the server is not connected');
    try {
      const result = (await client.request({ method: 'tools/call', params: { name, arguments: args } }, CallToolResultSchema, { signal: options.signal, timeout: options.timeoutMs })) as McpCallResult;
      if (result.isError === true) this.noteError(t('mcp.callFailed', { tool: name }));
      return result;
    } catch (error) {
      if (!options.signal.aborted) this.noteError(t('mcp.callFailedBecause', { tool: name, reason: this.describe(error) }));
      // The model reads this one (the tool's error result): English whatever the UI's language.
      throw new Error(inEnglish(() => this.describe(error)));
    }
  }

  /** Closes the connection (and ends a stdio server's process). */
  async close(): Promise<void> {
    this.closing = true;
    const client = this.client;
    this.client = null;
    this.tools = null;
    this.current = { kind: 'idle' };
    await client?.close().catch(() => undefined);
    this.closing = false;
  }

  private async connect(): Promise<void> {
    await this.close();
    this.current = { kind: 'connecting' };
    this.options.onChange();
    const client = new Client({ name: 'glassbox', version: '1.0.0' }, { capabilities: {}, jsonSchemaValidator: new AcceptAllJsonSchemaValidator() });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.refreshTools(client));
    client.onclose = () => this.onClosed(client);
    try {
      const transport = await this.options.createTransport(this.config, (line) => this.options.log(this.options.redact(line)));
      await client.connect(transport, { timeout: this.options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS });
    } catch (error) {
      const message = t('mcp.couldNotStart', { reason: this.describe(error) });
      this.fail(message);
      await client.close().catch(() => undefined);
      throw new Error(message);
    }
    this.client = client;
    this.failure = null;
    this.current = { kind: 'connected' };
    this.options.log(t('mcp.logConnected'));
    this.options.onChange();
  }

  private async listTools(): Promise<readonly McpListedTool[]> {
    const client = this.client;
    if (client === null) throw new Error('the server is not connected');
    const tools: McpListedTool[] = [];
    let cursor: string | undefined;
    try {
      for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
        const result = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, LooseListToolsResultSchema, { timeout: this.options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS });
        tools.push(...result.tools);
        cursor = result.nextCursor;
        if (cursor === undefined) break;
      }
    } catch (error) {
      const message = t('mcp.couldNotList', { reason: this.describe(error) });
      this.fail(message);
      throw new Error(message);
    }
    return tools;
  }

  private refreshTools(client: Client): void {
    if (client !== this.client) return;
    this.options.log(t('mcp.logToolListChanged'));
    this.listTools().then(
      (tools) => {
        if (client === this.client) this.tools = tools;
        this.options.onChange();
      },
      () => undefined,
    );
  }

  private onClosed(client: Client): void {
    if (client !== this.client || this.closing) return;
    this.client = null;
    this.tools = null;
    this.fail(t('mcp.serverStopped'));
    this.options.onStopped?.();
  }

  private fail(message: string): void {
    this.current = { kind: 'failed', error: message };
    this.noteError(message);
  }

  private noteError(message: string): void {
    this.failure = message;
    this.options.log(message);
    this.options.onChange();
  }

  /** One redacted sentence for an error from the SDK or the transport: ours in the UI's language, the system's as it came. */
  private describe(error: unknown): string {
    if (error instanceof McpError && error.code === Number(ErrorCode.ConnectionClosed)) return t('mcp.serverStopped');
    if (error instanceof McpError && error.code === Number(ErrorCode.RequestTimeout)) return t('mcp.noAnswerInTime');
    const text = error instanceof Error ? error.message : String(error);
    return this.options.redact(text.replace(/^MCP error -?\d+: /, ''));
  }
}
