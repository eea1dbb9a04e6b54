import { getLanguage, normalizePath, Plugin, type WorkspaceLeaf } from 'obsidian';
import { deferredRunSetup } from './obsidian/chat/deferred-run-setup';
import { pluginFirstRun } from './obsidian/chat/first-run';
import { PluginEndpoint } from './obsidian/network/endpoint';
import { DesktopMcpServers } from './obsidian/network/desktop-mcp-servers';
import { listModels } from './obsidian/network/list-models';
import { pluginServerAnswers } from './obsidian/network/plugin-server-answers';
import { requestUrlFetch } from './obsidian/network/request-url-fetch';
import { registerNoteRendering } from './obsidian/note-rendering';
import { ConversationStore } from './obsidian/notes/conversation-store';
import { ConversationsBaseFile } from './obsidian/notes/conversations-base-file';
import { ObsidianNoteWriter } from './obsidian/notes/obsidian-note-writer';
import { addPluginCommands } from './obsidian/plugin-commands';
import { createSearchServices, type SearchServices } from './obsidian/search-services';
import { pluginConnectionCheck, pluginConnectionReport } from './obsidian/settings/connection-check';
import { inAppAsk } from './obsidian/traces/in-app-ask';
import { registerGlassboxCliHandlers } from './obsidian/traces/obsidian-cli-handlers';
import { registerTraceCommands } from './obsidian/traces/register-trace-commands';
import { traceForwardingSaver } from './obsidian/traces/trace-forwarding-saver';
import { GlassboxSettingTab } from './obsidian/settings/settings-tab';
import { DeviceDaySpend } from './obsidian/spending/device-day-spend';
import { loadGlassboxSettings, type GlassboxSettings, type GlassboxSettingsHost, type LoadedSettings } from './settings';
import { setUiLanguage } from './i18n';
import { ChatWorkspace } from './obsidian/workspace/chat-workspace';
import { NoteChangeLog } from './writes';

/**
 * The Glassbox plugin: loads settings, holds the chat sessions, registers the chat view, its
 * ribbon icon, commands, note rendering and the settings tab. Wiring only; everything it
 * registers is undone on unload by Obsidian through the `register*`/`add*` helpers.
 */
export default class GlassboxPlugin extends Plugin implements GlassboxSettingsHost {
  /** Current settings; unknown keys from `data.json` are kept for the next save. */
  override settings: LoadedSettings<GlassboxSettings> = loadGlassboxSettings(null);
  private search: SearchServices | null = null;
  /** The chat's sessions, tabs and session-level actions; null until `onload`. */
  chat: ChatWorkspace | null = null;
  /** Desktop only (null on mobile). */
  private mcp: DesktopMcpServers | null = null;
  private daySpend: DeviceDaySpend | null = null;

  override async onload(): Promise<void> {
    // Obsidian applies a language change on restart: the table is chosen once, before any string;
    // its strings, once unpacked, are kept in this device's local storage for the next launch.
    setUiLanguage(getLanguage(), { load: (key) => this.app.loadLocalStorage(key) as unknown, save: (key, value) => this.app.saveLocalStorage(key, value) });
    await this.loadSettings();
    const endpoint = new PluginEndpoint({ app: this.app, settings: this });
    const search = createSearchServices(this, this, () => endpoint.current());
    this.search = search;
    const mcp = DesktopMcpServers.create();
    this.mcp = mcp;
    // The servers start, and the MCP client is evaluated, once Obsidian has loaded the vault (DESIGN.md 13.7).
    mcp?.configure(this.settings.mcpServers, { start: false });
    this.app.workspace.onLayoutReady(() => mcp?.start());
    const conversations = new ConversationStore({ vault: this.app.vault, metadataCache: this.app.metadataCache, folder: () => this.settings.conversationsFolder });
    // Note writes (each approved in the chat) and the command that undoes the last one.
    const writes = { writer: new ObsidianNoteWriter(this.app), changes: new NoteChangeLog() };
    // What this device's runs spent today (DESIGN.md 13.4): limits each run, shown in the chat and the settings.
    const daySpend = new DeviceDaySpend({ app: this.app, settings: this });
    this.daySpend = daySpend;
    // requestUrl, not fetch: it is not subject to CORS, and this call needs no streaming.
    const models = () => {
      const current = endpoint.current();
      return listModels({ baseUrl: current.baseUrl, apiKey: current.apiKey(), fetch: requestUrlFetch, answers: pluginServerAnswers });
    };
    const chat = new ChatWorkspace({
      app: this.app,
      settings: this,
      prepareRun: deferredRunSetup({ app: this.app, settings: this, vaultTools: search.vaultTools, mcp, writes, endpoint, daySpend }),
      // The agent is evaluated on first use, not when Obsidian loads the plugin: esbuild defers a
      // module reached only through import().
      runAgent: (options) => import('./agent/run-agent').then(({ runAgent }) => runAgent(options)),
      // Each run's traces also go to the OpenTelemetry endpoint of the settings, when one is set.
      saver: traceForwardingSaver(conversations, this),
      conversations,
      pluginId: this.manifest.id,
      changes: writes.changes,
      spentToday: daySpend,
      listModels: models,
      firstRun: pluginFirstRun(this, () => endpoint.current().apiKey()),
      saved: { adapter: this.app.vault.adapter, path: `${this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`}/sessions.json` },
    });
    this.chat = chat;
    // Before Obsidian restores the chat's tabs, which name these sessions.
    await chat.restore();
    chat.register(this);
    addPluginCommands(this, { settings: this, chat, writes, semantic: search.semantic });
    const connection = { host: this, endpoint: () => endpoint.current(), vaultTools: () => search.vaultTools.current().tools };
    this.addSettingTab(new GlassboxSettingTab({ app: this.app, plugin: this, host: this, mcp, listModels: models, checkConnection: pluginConnectionCheck(connection), daySpend }));
    // Traces beyond the chat (DESIGN.md 13.5): which conversations used a note, and Obsidian's command line.
    registerTraceCommands(this, { host: this, openConversation: (path) => void chat.openNote(path) });
    registerGlassboxCliHandlers(this, { app: this.app, host: this, vaultTools: connection.vaultTools, checkConnection: pluginConnectionReport(connection), ask: inAppAsk(chat) });
    registerNoteRendering(this, this, { openInChat: (path) => void chat.openNote(path) });
    // Indexing starts once Obsidian has loaded the vault, in the background (time-sliced).
    this.app.workspace.onLayoutReady(() => search.vaultTools.start());
    // Conversations.base, once, beside the conversations (as soon as their folder exists).
    const conversationsBase = new ConversationsBaseFile({ vault: this.app.vault, host: this });
    this.app.workspace.onLayoutReady(() => {
      void conversationsBase.ensure();
      this.registerEvent(this.app.vault.on('create', (file) => {
        if (file.parent?.path === normalizePath(this.settings.conversationsFolder)) void conversationsBase.ensure();
      }));
    });
  }

  override onunload(): void {
    this.search?.semantic.stop();
    this.chat?.dispose();
    this.search?.vaultTools.dispose();
    void this.mcp?.close();
  }

  /** Shows the chat view in the right sidebar, reusing the open one if there is one. */
  async activateChatView(): Promise<WorkspaceLeaf | null> {
    return (await this.chat?.activate()) ?? null;
  }

  /** Reads `data.json` over the defaults. */
  async loadSettings(): Promise<void> {
    this.settings = loadGlassboxSettings(await this.loadData());
  }

  /** Writes the settings (unknown keys included) to `data.json` and shows them in open chats. */
  async saveSettings(): Promise<void> {
    await this.saveData(this.settings);
    this.mcp?.configure(this.settings.mcpServers);
    void this.search?.semantic.sync();
    this.chat?.settingsChanged();
    this.daySpend?.changed();
  }
}
