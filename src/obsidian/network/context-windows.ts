import { requestUrl } from 'obsidian';
import { type ContextWindow, ContextWindowCache } from '../../llm';
import type { GlassboxSettings } from '../../settings';

/** One cache for the plugin's life: the settings tab and every run share the server's answer. */
const windows = new ContextWindowCache();

/**
 * The window Glassbox fits requests to for `model` (DESIGN.md 12.1): the "Context window"
 * setting of that model, else what the server reports (asked once per endpoint and model), else
 * the default for a local or hosted server. Asked through `requestUrl`: no CORS, no streaming needed.
 */
export function pluginContextWindow(settings: Pick<GlassboxSettings, 'baseUrl' | 'contextWindows'>, model: string, apiKey: string | null): Promise<ContextWindow> {
  const setting = settings.contextWindows[model];
  return windows.get({ baseUrl: settings.baseUrl.trim(), model, fetch: requestUrlFetch, ...(apiKey ? { apiKey } : {}), ...(setting !== undefined ? { setting } : {}) });
}

/** Forgets what the server said for `model`, e.g. after the user loaded it with another window. */
export function forgetContextWindow(settings: Pick<GlassboxSettings, 'baseUrl'>, model: string): void {
  windows.forget(settings.baseUrl.trim(), model);
}

/** The little of fetch discovery needs (method, headers, JSON body, status, text), over Obsidian's `requestUrl`. */
const requestUrlFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const headers = Object.fromEntries(new Headers(init?.headers).entries());
  const request = requestUrl({ url, method: init?.method ?? 'GET', headers, ...(typeof init?.body === 'string' ? { body: init.body } : {}), throw: false });
  const signal = init?.signal;
  const aborted = new Promise<never>((_, reject) => {
    if (signal?.aborted) reject(new Error('aborted'));
    signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
  const response = await Promise.race([request, aborted]);
  const empty = response.status === 204 || response.status === 205 || response.status === 304;
  return new Response(empty ? null : response.text, { status: response.status });
};
