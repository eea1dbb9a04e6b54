import { type App, Notice } from 'obsidian';
import type { AttachedContext, PlannedQuestion, RunPlannerHost, RunScope } from '../../agent';
import { type ChatModel, type ContextWindow, ModelClients, sameValues } from '../../llm';
import type { McpRunTools } from '../../mcp';
import type { NoteScope } from '../../search';
import { attachQuestionContext } from '../../search/context';
import { isInsideFolder } from '../../search/folder-excluding-source';
import type { GlassboxSettings, GlassboxSettingsHost } from '../../settings';
import type { NoteChangeLog, NoteWriter } from '../../writes';
import { t } from '../../i18n';
import { pluginContextWindow } from '../network/context-windows';
import { ObsidianVaultSource } from '../search/obsidian-vault-source';
import type { VaultToolsSnapshot } from '../search/vault-tools-provider';
import { obsidianContextNotes } from './obsidian-context-notes';
import { readQuestionImages } from './question-images';

/** How long the first question waits for the vault index still opening before it runs without vault tools. */
export const INDEX_WAIT_MS = 5000;

/** The notice of a question that waits for the vault index to open. */
export function indexWaitNotice(): string {
  return t('notice.indexWait');
}

/** The plugin's parts a planner host draws on; they live as long as the plugin. */
export interface PlannerHostParts {
  readonly app: App;
  readonly settings: GlassboxSettingsHost;
  /** The vault tools for a run starting now (the VaultToolsProvider); a run waits a little for an index still opening. */
  readonly vaultTools: { current(scope?: NoteScope): VaultToolsSnapshot; readonly opening?: boolean; whenSettledWithin?(timeoutMs: number): Promise<void> };
  /** The MCP servers (desktop); their tools join each run, and a server that cannot start is a notice. */
  readonly mcp?: { readonly configured: boolean; toolsForRun(): Promise<McpRunTools> } | null;
  /** Note writes: where they go and where the undo command finds them; without it the agent only reads. */
  readonly writes?: { readonly writer: NoteWriter; readonly changes: NoteChangeLog };
}

/**
 * What a planner host is made from: the endpoint as the settings name it now, the API key read
 * from SecretStorage (per device, set at any time), and the settings the host reads. A change to
 * any of them is a settings change: the next run gets a new host.
 */
export type PlannerSettings = Pick<GlassboxSettings, 'responseTimeoutSeconds' | 'maxTokens' | 'contextBudgetTokens' | 'contextWindows' | 'conversationsFolder' | 'imageModels' | 'imageMaxSide' | 'modelsWithoutTools'> & {
  readonly baseUrl: string;
  readonly apiKey: string | null;
  readonly fetch: typeof fetch;
};

/** The plugin's planner hosts: the one made last, for as long as what it was made from is the same. */
export class PluginPlannerHosts {
  private made: { readonly from: PlannerSettings; readonly host: PluginPlannerHost } | null = null;
  private readonly models = new ModelClients();

  constructor(private readonly parts: PlannerHostParts) {}

  /** The host for `from`: the one made last when it is the same. */
  for(from: PlannerSettings): PluginPlannerHost {
    if (this.made === null || !sameValues(this.made.from, from)) {
      const model = this.models.for({ baseUrl: from.baseUrl, idleTimeoutMs: from.responseTimeoutSeconds * 1000, maxOutputTokens: from.maxTokens, ...(from.apiKey ? { apiKey: from.apiKey } : {}), fetch: from.fetch });
      this.made = { from, host: new PluginPlannerHost(this.parts, from, model) };
    }
    return this.made.host;
  }
}

/**
 * The run planner's host over Obsidian (DESIGN.md 13.2), made once per settings change by
 * {@link PluginPlannerHosts}: the model client, the window, the notes and images a question
 * attaches, the vault, conversation, write and MCP tools, and the refusals the settings remember.
 */
export class PluginPlannerHost implements RunPlannerHost {
  readonly attachmentTokens: number;

  constructor(
    private readonly parts: PlannerHostParts,
    private readonly from: PlannerSettings,
    private readonly chatModel: ChatModel,
  ) {
    this.attachmentTokens = from.contextBudgetTokens;
  }

  model(): ChatModel {
    return this.chatModel;
  }

  contextWindow(modelName: string): Promise<ContextWindow> {
    return pluginContextWindow(this.from, modelName, this.from.apiKey);
  }

  /** The first question waits (at most {@link INDEX_WAIT_MS}) for the vault index still opening, saying so. */
  async toolsReady(onWaiting: ((what: string) => void) | undefined): Promise<void> {
    const { vaultTools } = this.parts;
    if (vaultTools.opening !== true || vaultTools.whenSettledWithin === undefined) return;
    onWaiting?.(indexWaitNotice());
    await vaultTools.whenSettledWithin(INDEX_WAIT_MS);
  }

  // What the question attaches (notes, selection, [[links]], scope), read before the tools are
  // made: the scope limits them, and the notes attached explicitly stay readable.
  async notes(question: PlannedQuestion, budgetTokens: number): Promise<AttachedContext | undefined> {
    const { app, vaultTools } = this.parts;
    const { countInScope } = vaultTools.current();
    const notes = obsidianContextNotes(app, { conversationsFolder: this.from.conversationsFolder, ...(countInScope ? { countInScope } : {}) });
    const context = await attachQuestionContext({ question: question.question, ...(question.context !== undefined ? { context: question.context } : {}), notes, budgetTokens });
    // A prompt with nothing attached (its `{}` filled from the selection) still names itself in the trace.
    return context.attachments.length > 0 || context.missingLinks.length > 0 || context.scope !== undefined || context.prompt !== undefined ? context : undefined;
  }

  images(question: PlannedQuestion, attached: AttachedContext | undefined, modelName: string): ReturnType<RunPlannerHost['images']> {
    return readQuestionImages(this.parts.app, { question: question.question, ...(question.context !== undefined ? { request: question.context } : {}), ...(attached !== undefined ? { attached } : {}), modelName, settings: this.from });
  }

  async tools(scope: RunScope | undefined): ReturnType<RunPlannerHost['tools']> {
    const { tools, notice } = this.parts.vaultTools.current(scope);
    const mcp = this.parts.mcp?.configured === true ? await this.parts.mcp.toolsForRun() : { tools: [], notices: [] };
    for (const problem of mcp.notices) new Notice(t('notice.fromGlassbox', { message: problem }));
    const writeTools = await noteWriteTools(this.parts);
    const conversationTools = await searchConversationsTools(this.parts, this.from.conversationsFolder);
    return { tools: [...tools, ...conversationTools, ...writeTools, ...mcp.tools], ...(notice ? { notice } : {}), notices: mcp.notices };
  }

  // A model the server refused tools for is answered without them (DESIGN.md 12.1); the session
  // that meets a refusal keeps it, and the plugin remembers it in the settings (chat-sessions.ts),
  // which makes the next run's host.
  refusedTools(modelName: string): string | undefined {
    const remembered = this.from.modelsWithoutTools;
    return Object.hasOwn(remembered, modelName) ? remembered[modelName] : undefined;
  }
}

/** The note-writing tools, evaluated (zod with them) when the first run needs them. */
async function noteWriteTools(parts: PlannerHostParts) {
  const writes = parts.writes;
  if (writes === undefined) return [];
  const { createWriteTools } = await import('../../writes/write-tools');
  return createWriteTools({ writer: writes.writer, changes: writes.changes, conversationsFolder: () => parts.settings.settings.conversationsFolder });
}

/**
 * `searchConversations` (DESIGN.md 13.5), evaluated when the first run needs it, and offered only
 * when there is a saved conversation to search: a tool that can find nothing costs every request
 * its schema.
 */
async function searchConversationsTools(parts: PlannerHostParts, folder: string) {
  const { vault, metadataCache } = parts.app;
  if (!vault.getMarkdownFiles().some((file) => isInsideFolder(file.path, folder))) return [];
  const { createSearchConversationsTool } = await import('../../traces/search-conversations-tool');
  return [createSearchConversationsTool({ source: new ObsidianVaultSource({ vault, metadataCache }), folder: () => parts.settings.settings.conversationsFolder })];
}
