import type { ModelServerKind } from './context-window-probes';
import { describeServer } from './describe-server';
import type { ServerModel } from './server-models';

/** A local server the first run looks for, at its default port. */
export interface LocalServerPort {
  readonly kind: ModelServerKind;
  readonly port: number;
}

/**
 * The servers "Find a local model" looks for, on this machine only (127.0.0.1), each at its
 * default port and asked at its own identifying endpoint (the README lists them).
 */
export const LOCAL_SERVER_PORTS: readonly LocalServerPort[] = Object.freeze([
  { kind: 'Ollama', port: 11434 },
  { kind: 'LM Studio', port: 1234 },
  { kind: 'llama.cpp', port: 8080 },
  { kind: 'vLLM', port: 8000 },
  { kind: 'Jan', port: 1337 },
]);

/** A server found on this machine and what it offers. */
export interface FoundServer {
  readonly kind: ModelServerKind;
  /** Its OpenAI-compatible base URL, e.g. `http://127.0.0.1:11434/v1`. */
  readonly baseUrl: string;
  readonly models: readonly ServerModel[];
  /** It answered, but wants an API key before it lists its models (Jan asks for one). */
  readonly needsKey: boolean;
}

/** How long each probe may take: a port nothing listens on refuses at once; this bounds one that hangs. */
export const LOCAL_PROBE_TIMEOUT_MS = 1200;

/**
 * Looks for model servers on this machine (DESIGN.md 12.1, issue 30): every port of `ports`
 * at once, each asked only at its server's identifying endpoint with a short timeout, so a web
 * server that happens to use 8080 is not taken for llama.cpp. Nothing is sent beyond loopback.
 * The servers found, in the order of `ports`.
 */
export async function findLocalServers(options: { readonly fetch?: typeof fetch; readonly ports?: readonly LocalServerPort[]; readonly timeoutMs?: number } = {}): Promise<FoundServer[]> {
  const ports = options.ports ?? LOCAL_SERVER_PORTS;
  const found = await Promise.all(
    ports.map(async ({ kind, port }): Promise<FoundServer | undefined> => {
      const baseUrl = `http://127.0.0.1:${port}/v1`;
      const description = await describeServer({ baseUrl, timeoutMs: options.timeoutMs ?? LOCAL_PROBE_TIMEOUT_MS, only: kind, ...(options.fetch !== undefined ? { fetch: options.fetch } : {}) });
      if (description === undefined) return undefined;
      return { kind, baseUrl, models: description.models.filter((model) => model.embeddings !== true), needsKey: description.needsKey };
    }),
  );
  return found.filter((server): server is FoundServer => server !== undefined);
}
