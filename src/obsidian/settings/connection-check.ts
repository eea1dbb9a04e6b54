import type { AgentTool } from '../../agent';
import type { ConnectionFixWords, ConnectionLine, ConnectionReport } from '../../doctor';
import { shownBaseUrl } from '../../llm';
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
export function pluginConnectionCheck(options: PluginConnectionOptions): () => Promise<ConnectionLine[]> {
  const report = pluginConnectionReport(options);
  return async () => {
    const { connectionLines } = await import('../../doctor');
    return connectionLines((await report()).report);
  };
}

/** What {@link pluginConnectionReport} checks with. */
export interface PluginConnectionOptions {
  readonly host: GlassboxSettingsHost;
  readonly endpoint: () => Endpoint;
  readonly vaultTools: () => readonly AgentTool[];
}

/** The checks themselves, with the endpoint and model they ran against (`glassbox:doctor` prints them as the CLI does). */
export function pluginConnectionReport(options: PluginConnectionOptions): () => Promise<{ report: ConnectionReport; baseUrl: string; model: string }> {
  return async () => {
    const { checkConnection } = await import('../../doctor');
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
    return { report, baseUrl: shownBaseUrl(endpoint.baseUrl), model: settings.model };
  };
}
