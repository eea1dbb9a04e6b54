import { type App, Notice } from 'obsidian';
import { isThisMachine, ModelClients, shownBaseUrl } from '../../llm';
import type { McpRunTools } from '../../mcp';
import type { GlassboxSettingsHost } from '../../settings';
import type { ChatRunRequest, ChatRunSetup } from '../../chat';
import { attachQuestionContext } from '../../search/context';
import { planRun, type PlannedQuestion, type RunPlannerHost } from '../../agent';
import { pluginContextWindow } from '../network/context-windows';
import { obsidianContextNotes } from './obsidian-context-notes';
import { PluginEndpoint } from '../network/endpoint';
import { readQuestionImages } from './question-images';
import { isCompleteHttpUrl } from '../network/complete-http-url';
import { RunSetupError } from './run-setup-error';
import type { NoteScope } from '../../search';
import { isInsideFolder } from '../../search/folder-excluding-source';
import { ObsidianVaultSource } from '../search/obsidian-vault-source';
import type { VaultToolsSnapshot } from '../search/vault-tools-provider';
import type { NoteChangeLog, NoteWriter } from '../../writes';
import { t } from '../../i18n';
import type { DeviceDaySpend } from '../spending/device-day-spend';
import { pluginSpendingLimits, recordRunSpend } from '../spending/plugin-spending-limits';

/** Collaborators of {@link createRunSetup}. */
export interface RunSetupOptions {
  readonly app: App;
  readonly settings: GlassboxSettingsHost;
  /** The vault tools for a run starting now (the VaultToolsProvider); a run waits a little for an index still opening. */
  readonly vaultTools: { current(scope?: NoteScope): VaultToolsSnapshot; readonly opening?: boolean; whenSettledWithin?(timeoutMs: number): Promise<void> };
  /** The MCP servers (desktop); their tools join each run, and a server that cannot start is a notice. */
  readonly mcp?: { readonly configured: boolean; toolsForRun(): Promise<McpRunTools> } | null;
  /** Note writes: where they go and where the undo command finds them; without it the agent only reads. */
  readonly writes?: { readonly writer: NoteWriter; readonly changes: NoteChangeLog };
  /** The plugin's endpoint; default one of its own over the settings. */
  readonly endpoint?: PluginEndpoint;
  /** How chat requests travel when no endpoint is given (tests pass the fake renderer's). */
  readonly fetch?: typeof fetch;
  /** The day's spend on this device: each run is limited by the settings and adds its cost (DESIGN.md 13.4). */
  readonly daySpend?: DeviceDaySpend;
}

/** How long the first question waits for the vault index still opening before it runs without vault tools. */
export const INDEX_WAIT_MS = 5000;

/** What the live block says while a question waits for the index. */
/** The notice of a question that waits for the vault index to open. */
export function indexWaitNotice(): string {
  return t('notice.indexWait');
}

/**
 * Builds, for each run, the model client on the plugin's endpoint (base URL from the preset or
 * the custom address; the API key read from Obsidian's SecretStorage at send time, never kept in
 * the plugin's data), the vault tools and the MCP servers' tools.
 */
export function createRunSetup(options: RunSetupOptions): (modelName: string, request?: ChatRunRequest) => Promise<ChatRunSetup> {
  const plugin = options.endpoint ?? new PluginEndpoint({ app: options.app, settings: options.settings, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const models = new ModelClients();
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
    const model = models.for({ baseUrl, idleTimeoutMs: settings.responseTimeoutSeconds * 1000, maxOutputTokens: settings.maxTokens, ...(apiKey ? { apiKey } : {}), fetch: endpoint.fetch });
    const question: PlannedQuestion = request === undefined ? { question: '' } : { question: request.question, ...(request.context !== undefined ? { context: request.context } : {}) };
    const host: RunPlannerHost = {
      model: () => model,
      contextWindow: async (name) => {
        // The window is asked of the server while the index may still be opening; both are waited for.
        const contextWindow = pluginContextWindow(settings, name, apiKey);
        if (options.vaultTools.opening === true && options.vaultTools.whenSettledWithin !== undefined) {
          request?.onWaiting?.(indexWaitNotice());
          await options.vaultTools.whenSettledWithin(INDEX_WAIT_MS);
        }
        return contextWindow;
      },
      attachmentTokens: settings.contextBudgetTokens,
      // What the question attaches (notes, selection, [[links]], scope), read before the tools are
      // made: the scope limits them, and the notes attached explicitly stay readable.
      notes: async (planned, budgetTokens) => {
        if (request === undefined) return undefined;
        const countInScope = options.vaultTools.current().countInScope;
        const context = await attachQuestionContext({ ...planned, notes: obsidianContextNotes(options.app, { conversationsFolder: settings.conversationsFolder, ...(countInScope ? { countInScope } : {}) }), budgetTokens });
        // A prompt with nothing attached (its `{}` filled from the selection) still names itself in the trace.
        return context.attachments.length > 0 || context.missingLinks.length > 0 || context.scope !== undefined || context.prompt !== undefined ? context : undefined;
      },
      tools: async (scope) => {
        const { tools, notice } = options.vaultTools.current(scope);
        const mcp = options.mcp?.configured === true ? await options.mcp.toolsForRun() : { tools: [], notices: [] };
        for (const problem of mcp.notices) new Notice(t('notice.fromGlassbox', { message: problem }));
        const writeTools = await noteWriteTools(options);
        const conversationTools = await searchConversationsTools(options);
        return { tools: [...tools, ...conversationTools, ...writeTools, ...mcp.tools], ...(notice ? { notice } : {}), notices: mcp.notices };
      },
      images: (planned, attached, name) => (request === undefined ? Promise.resolve({ images: [], notices: [] }) : readQuestionImages(options.app, { question: planned.question, ...(planned.context !== undefined ? { request: planned.context } : {}), ...(attached !== undefined ? { attached } : {}), modelName: name, settings })),
      // A model the server refused tools for is answered without them (DESIGN.md 12.1); the session
      // that meets a refusal keeps it, and the plugin remembers it in the settings (chat-sessions.ts).
      refusedTools: (name) => (Object.hasOwn(settings.modelsWithoutTools, name) ? settings.modelsWithoutTools[name] : undefined),
    };
    const plan = await planRun(host, modelName, question);
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

/** The note-writing tools, evaluated (zod with them) when the first run needs them. */
async function noteWriteTools(options: RunSetupOptions) {
  const writes = options.writes;
  if (writes === undefined) return [];
  const { createWriteTools } = await import('../../writes/write-tools');
  return createWriteTools({ writer: writes.writer, changes: writes.changes, conversationsFolder: () => options.settings.settings.conversationsFolder });
}

/**
 * `searchConversations` (DESIGN.md 13.5), evaluated when the first run needs it, and offered only
 * when there is a saved conversation to search: a tool that can find nothing costs every request
 * its schema.
 */
async function searchConversationsTools(options: RunSetupOptions) {
  const folder = options.settings.settings.conversationsFolder;
  const { vault, metadataCache } = options.app;
  if (!vault.getMarkdownFiles().some((file) => isInsideFolder(file.path, folder))) return [];
  const { createSearchConversationsTool } = await import('../../traces/search-conversations-tool');
  return [createSearchConversationsTool({ source: new ObsidianVaultSource({ vault, metadataCache }), folder: () => options.settings.settings.conversationsFolder })];
}
