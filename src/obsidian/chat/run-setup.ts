import { isThisMachine, shownBaseUrl } from '../../llm';
import type { GlassboxSettingsHost } from '../../settings';
import type { ChatRunRequest, ChatRunSetup } from '../../chat';
import { planRun } from '../../agent';
import { obsidianContextNotes } from './obsidian-context-notes';
import { PluginEndpoint } from '../network/endpoint';
import { isCompleteHttpUrl } from '../network/complete-http-url';
import { RunSetupError } from './run-setup-error';
import { type PlannerHostParts, PluginPlannerHosts } from './plugin-planner-host';
import { t } from '../../i18n';
import type { DeviceDaySpend } from '../spending/device-day-spend';
import { pluginSpendingLimits, recordRunSpend } from '../spending/plugin-spending-limits';

export { INDEX_WAIT_MS, indexWaitNotice } from './plugin-planner-host';

/** Collaborators of {@link createRunSetup}: the planner host's parts, and what only the setup needs. */
export interface RunSetupOptions extends PlannerHostParts {
  /** The plugin's endpoint; default one of its own over the settings. */
  readonly endpoint?: PluginEndpoint;
  /** How chat requests travel when no endpoint is given (tests pass the fake renderer's). */
  readonly fetch?: typeof fetch;
  /** The day's spend on this device: each run is limited by the settings and adds its cost (DESIGN.md 13.4). */
  readonly daySpend?: DeviceDaySpend;
}

/**
 * Checks, for each run, the endpoint (base URL from the preset or the custom address; the API key
 * read from Obsidian's SecretStorage at send time, never kept in the plugin's data) and the model,
 * then plans the run over the plugin's planner host: one host, with its model client, until the
 * settings it is made from change (`PluginPlannerHosts`). The question, what it attaches and who
 * is told that it waits go to the planner with the run, never into the host.
 */
export function createRunSetup(options: RunSetupOptions): (modelName: string, request?: ChatRunRequest) => Promise<ChatRunSetup> {
  const plugin = options.endpoint ?? new PluginEndpoint({ app: options.app, settings: options.settings, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const hosts = new PluginPlannerHosts(options);
  return async (modelName, request) => {
    const settings = options.settings.settings;
    const endpoint = plugin.current();
    const { baseUrl, secretName } = endpoint;
    if (baseUrl === '') throw new RunSetupError('missing_base_url', t('notice.setBaseUrl'));
    if (!isCompleteHttpUrl(baseUrl)) throw new RunSetupError('invalid_base_url', t('error.incompleteBaseUrl', { url: shownBaseUrl(baseUrl) }));
    if (modelName.trim() === '') throw new RunSetupError('missing_model', t('notice.chooseModel'));
    const apiKey = endpoint.apiKey();
    // SecretStorage is per device while data.json syncs: on another device the name arrives
    // without the secret. Say so before sending, rather than let the provider answer 401. A
    // server on this machine goes without a key (local servers need none).
    if (secretName !== '' && !apiKey && !isThisMachine(baseUrl)) {
      throw new RunSetupError('missing_api_key', t('error.keyNotOnDevice', { name: secretName }));
    }
    const { responseTimeoutSeconds, maxTokens, contextBudgetTokens, contextWindows, conversationsFolder, imageModels, imageMaxSide, modelsWithoutTools } = settings;
    const host = hosts.for({ baseUrl, apiKey, fetch: endpoint.fetch, responseTimeoutSeconds, maxTokens, contextBudgetTokens, contextWindows, conversationsFolder, imageModels, imageMaxSide, modelsWithoutTools });
    // Without a request (a check of the setup) the question is empty: it attaches nothing.
    const plan = await planRun(host, modelName, request ?? { question: '' });
    return {
      ...plan,
      citationNotes: obsidianContextNotes(options.app, { conversationsFolder: settings.conversationsFolder }),
      ...spendingOf(options.daySpend, settings, modelName),
    };
  };
}

/** The run's spending limits and the count of what it spent, with a day's ledger (DESIGN.md 13.4). */
function spendingOf(daySpend: DeviceDaySpend | undefined, settings: GlassboxSettingsHost['settings'], modelName: string): Pick<ChatRunSetup, 'spending' | 'onRunEnd'> {
  if (daySpend === undefined) return {};
  const spending = pluginSpendingLimits(settings, modelName, daySpend);
  return { ...(spending !== undefined ? { spending } : {}), onRunEnd: (result) => recordRunSpend({ result, settings, modelName, daySpend }) };
}
