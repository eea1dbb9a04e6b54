import { type ContextWindow, ContextWindowCache } from '../../llm';
import type { GlassboxSettings } from '../../settings';
import { pluginServerAnswers } from './plugin-server-answers';
import { requestUrlFetch } from './request-url-fetch';

/** One cache for the plugin's life: the settings tab and every run share the server's answer. */
const windows = new ContextWindowCache();

/**
 * The window Glassbox fits requests to for `model` (DESIGN.md 12.1): the "Context window"
 * setting of that model, else what the server reports (asked once per endpoint and model), else
 * the default for a local or hosted server. Asked through `requestUrl`: no CORS, no streaming needed;
 * the server's answers are shared with the model list (`pluginServerAnswers`).
 */
export function pluginContextWindow(settings: Pick<GlassboxSettings, 'baseUrl' | 'contextWindows'>, model: string, apiKey: string | null): Promise<ContextWindow> {
  const setting = settings.contextWindows[model];
  return windows.get({ baseUrl: settings.baseUrl.trim(), model, fetch: requestUrlFetch, answers: pluginServerAnswers, ...(apiKey ? { apiKey } : {}), ...(setting !== undefined ? { setting } : {}) });
}

/** Forgets what the server said for `model`, e.g. after the user loaded it with another window. */
export function forgetContextWindow(settings: Pick<GlassboxSettings, 'baseUrl'>, model: string): void {
  windows.forget(settings.baseUrl.trim(), model);
}
