/**
 * The few shapes of Node's `http`/`https` that the desktop fetch uses, written out so that
 * nothing in the plugin's sources imports Node's types (the bundle also runs on mobile).
 */

/** Node's `require`, as the Obsidian desktop renderer exposes it. */
export type NodeRequire = (id: string) => unknown;

/** `http.IncomingMessage`: the response, a readable stream of body chunks. */
export interface NodeIncomingMessage {
  readonly statusCode?: number;
  readonly statusMessage?: string;
  /** Lower-cased header names to values. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Names and values alternating, as received. */
  readonly rawHeaders: readonly string[];
  on(event: 'data', listener: (chunk: Uint8Array) => void): this;
  on(event: 'end' | 'close', listener: () => void): this;
  on(event: 'error', listener: (error: unknown) => void): this;
  pause(): this;
  resume(): this;
  destroy(error?: Error): this;
}

/** `http.ClientRequest`. */
export interface NodeClientRequest {
  on(event: 'response', listener: (response: NodeIncomingMessage) => void): this;
  on(event: 'error', listener: (error: unknown) => void): this;
  end(body?: Uint8Array): this;
  destroy(error?: Error): this;
}

/** The `http` or `https` module. */
export interface NodeHttpModule {
  request(url: string, options: { method: string; headers: Record<string, string> }): NodeClientRequest;
}
