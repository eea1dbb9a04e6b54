import type { AgentTool } from '../../agent';
import type { ConnectionFixWords, ConnectionLine } from '../../doctor';
import type { GlassboxSettingsHost } from '../../settings';
import type { Endpoint } from '../network/endpoint';

/** The plugin's words for what a fix names: its settings rows. */
export const PLUGIN_FIX_WORDS: ConnectionFixWords = Object.freeze({
  baseUrl: 'the base URL in Glassbox settings',
  model: 'the model in Glassbox settings',
  apiKey: 'the API key in Glassbox settings',
  contextWindow: '"Context window" in Glassbox settings',
  embeddings: 'the embedding model and its base URL in Glassbox settings',
});

/**
 * "Check connection" in the settings: the checks of `glassbox doctor` (src/doctor, loaded on the
 * first click) over the plugin's endpoint, its fetch (the one chats use), the key from secret
 * storage and the run's vault tools; the settings tab only shows the lines (the CLI's, word for word).
 */
export function pluginConnectionCheck(options: { readonly host: GlassboxSettingsHost; readonly endpoint: () => Endpoint; readonly vaultTools: () => readonly AgentTool[] }): () => Promise<ConnectionLine[]> {
  return async () => {
    const { checkConnection, connectionLines } = await import('../../doctor');
    const { settings } = options.host;
    const endpoint = options.endpoint();
    const apiKey = endpoint.apiKey();
    const contextWindow = settings.contextWindows[settings.model];
    const embeddingsBaseUrl = settings.embeddingsBaseUrl.trim() !== '' ? settings.embeddingsBaseUrl : settings.baseUrl;
    const report = await checkConnection({
      baseUrl: endpoint.baseUrl,
      model: settings.model,
      fetch: endpoint.fetch,
      ...(apiKey ? { apiKey } : {}),
      ...(contextWindow !== undefined ? { contextWindow } : {}),
      ...(settings.semanticSearch && settings.embeddingModel.trim() !== '' ? { embeddings: { baseUrl: embeddingsBaseUrl, model: settings.embeddingModel.trim() } } : {}),
      modelCall: true,
      tools: options.vaultTools(),
      words: PLUGIN_FIX_WORDS,
    });
    return connectionLines(report);
  };
}
