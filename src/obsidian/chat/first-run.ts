import { findLocalServers, type FoundServer, isLocalHost } from '../../llm';
import { switchProvider, type GlassboxSettingsHost, type ProviderPreset } from '../../settings';
import { requestUrlFetch } from '../network/request-url-fetch';

/** What the chat view's "Find a local model" needs from the plugin. */
export interface FirstRun {
  /** Whether no usable endpoint is set: the chat then offers to find one. */
  needed(): boolean;
  find(): Promise<readonly FoundServer[]>;
  use(server: FoundServer, model: string): Promise<void>;
}

/**
 * Whether the chat has no endpoint it could use: no base URL, or a hosted one without a key (a
 * fresh install's OpenAI default). A server on this machine or the local network needs no key.
 */
export function endpointMissing(baseUrl: string, apiKey: string | null): boolean {
  const url = baseUrl.trim();
  return url === '' || (!isLocalHost(url) && (apiKey === null || apiKey === ''));
}

/** The first run over the plugin's settings: probes loopback through `requestUrl` (no CORS), and a choice is saved at once. */
export function pluginFirstRun(host: GlassboxSettingsHost, apiKey: () => string | null): FirstRun {
  return {
    needed: () => endpointMissing(host.settings.baseUrl, apiKey()),
    find: () => findLocalServers({ fetch: requestUrlFetch }),
    use: async (server, model) => {
      const settings = host.settings;
      const preset: ProviderPreset = server.kind === 'Ollama' ? 'ollama' : server.kind === 'LM Studio' ? 'lmstudio' : 'custom';
      // The endpoint used before is remembered under its provider, as choosing a provider does.
      if (settings.provider !== preset) switchProvider(settings, preset);
      settings.baseUrl = server.baseUrl;
      if (model !== '') settings.model = model;
      await host.saveSettings();
    },
  };
}
