import type { AgentTool } from '../../agent';
import type { ConnectionFixWords, ConnectionLine } from '../../doctor';
import type { GlassboxSettingsHost } from '../../settings';
import type { Endpoint } from '../network/endpoint';
import { t } from '../../i18n';

/** The plugin's words for what a fix names: its settings rows, in the UI's language. */
export function pluginFixWords(): ConnectionFixWords {
  return {
    baseUrl: t('doctor.wordBaseUrl'),
    model: t('doctor.wordModel'),
    apiKey: t('doctor.wordApiKey'),
    contextWindow: t('doctor.wordContextWindow'),
    embeddings: t('doctor.wordEmbeddings'),
  };
}

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
      words: pluginFixWords(),
    });
    return connectionLines(report);
  };
}
