/** Where the playground's model settings come from. */
export interface PlaygroundEndpoint {
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
}

/**
 * The plugin data the playground starts with (what `Plugin.loadData()` returns on the first
 * load): the endpoint the plugin talks to (`src/settings.ts` field names). Only these fields are
 * set; the plugin fills in its own defaults for the rest, as on a fresh install in Obsidian.
 * The API key is NOT part of it: the playground server's proxy adds it to the requests, so the
 * key never reaches the page.
 */
export function playgroundPluginData(endpoint: PlaygroundEndpoint): Record<string, unknown> {
  return { provider: 'custom', baseUrl: endpoint.baseUrl, model: endpoint.model };
}

/**
 * The endpoint from `GLASSBOX_BASE_URL` / `GLASSBOX_API_KEY` / `GLASSBOX_MODEL` when set
 * (DESIGN.md 8), else the scripted model server's extractive policy at `localModelUrl`.
 */
export function endpointFromEnvironment(env: Readonly<Record<string, string | undefined>>, localModelUrl: string): PlaygroundEndpoint & { readonly external: boolean } {
  const baseUrl = env.GLASSBOX_BASE_URL?.trim();
  if (baseUrl) return { baseUrl, model: env.GLASSBOX_MODEL?.trim() || 'gpt-4o-mini', apiKey: env.GLASSBOX_API_KEY, external: true };
  return { baseUrl: localModelUrl, model: env.GLASSBOX_MODEL?.trim() || 'extractive', external: false };
}

/**
 * `--first-run`: the playground starts with no endpoint, as a fresh install whose user has not
 * set one, and the proxy sends this loopback origin (llama.cpp's usual port, which "Find a local
 * model" probes) to the scripted model server, which answers `/props` as llama.cpp does when it
 * has a context window. The plugin's list of ports stays the product's.
 */
export const FIRST_RUN_ORIGIN = 'http://127.0.0.1:8080';

/** The plugin data of `--first-run`: no base URL, no model. */
export function firstRunPluginData(): Record<string, unknown> {
  return { provider: 'custom', baseUrl: '', model: '' };
}
