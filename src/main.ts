import { getLanguage, normalizePath, Plugin, type WorkspaceLeaf } from 'obsidian';
import { createElement, Fragment } from 'react';
import type { ChatRunRequest, ChatRunSetup } from './chat';
import { ChatSessions } from './obsidian/chat/chat-sessions';
import { ChatView, VIEW_TYPE_GLASSBOX_CHAT } from './obsidian/chat/chat-view';
import { pluginFirstRun } from './obsidian/chat/first-run';
import { ChatTabs } from './obsidian/chat-tabs';
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
import { setUiLanguage, t } from './i18n';
import { HistoryToggle } from './ui/chat/HistoryToggle';
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
  private sessions: ChatSessions | null = null;
  private tabs: ChatTabs | null = null;
  /** Desktop only (null on mobile). */
  private mcp: DesktopMcpServers | null = null;
  private daySpend: DeviceDaySpend | null = null;

  override async onload(): Promise<void> {
    // Obsidian applies a language change on restart: the table is chosen once, before any string.
    setUiLanguage(getLanguage());
    await this.loadSettings();
    const endpoint = new PluginEndpoint({ app: this.app, settings: this });
    const search = createSearchServices(this, this, () => endpoint.current());
    this.search = search;
    const mcp = DesktopMcpServers.create();
    this.mcp = mcp;
    mcp?.configure(this.settings.mcpServers);
    const conversations = new ConversationStore({ vault: this.app.vault, metadataCache: this.app.metadataCache, folder: () => this.settings.conversationsFolder });
    // Note writes (each approved in the chat) and the command that undoes the last one.
    const writes = { writer: new ObsidianNoteWriter(this.app), changes: new NoteChangeLog() };
    // What this device's runs spent today (DESIGN.md 13.4): limits each run, shown in the chat and the settings.
    const daySpend = new DeviceDaySpend({ app: this.app, settings: this });
    this.daySpend = daySpend;
    const sessions = new ChatSessions({
      app: this.app,
      settings: this,
      prepareRun: this.runSetup(endpoint, writes, daySpend),
      // The agent is evaluated on first use, not when Obsidian loads the plugin: esbuild defers a
      // module reached only through import().
      runAgent: (options) => import('./agent/run-agent').then(({ runAgent }) => runAgent(options)),
      // Each run's traces also go to the OpenTelemetry endpoint of the settings, when one is set.
      saver: traceForwardingSaver(conversations, this),
      show: (session) => void tabs.show(session),
    });
    this.sessions = sessions;
    const tabs = new ChatTabs({ app: this.app, sessions, conversations });
    this.tabs = tabs;
    // requestUrl, not fetch: it is not subject to CORS, and this call needs no streaming.
    const models = () => {
      const current = endpoint.current();
      return listModels({ baseUrl: current.baseUrl, apiKey: current.apiKey(), fetch: requestUrlFetch, answers: pluginServerAnswers });
    };
    const ribbonIconEl = this.addRibbonIcon('message-square', t('command.openChat'), () => void this.activateChatView());
    this.registerView(VIEW_TYPE_GLASSBOX_CHAT, (leaf) => new ChatView(leaf, {
      sessions,
      settings: this,
      pluginId: this.manifest.id,
      ribbonIcon: () => ribbonIconEl,
      changes: writes.changes,
      spentToday: daySpend,
      listModels: models,
      firstRun: pluginFirstRun(this, () => endpoint.current().apiKey()),
      restoreNote: (view, path) => tabs.openNoteIn(view, path),
      toolbarExtras: (view) => createElement(Fragment, null,
        createElement(HistoryToggle, {
          load: () => conversations.list(),
          // Mod+click opens the conversation in a tab of its own.
          onOpen: (summary, inNewTab) => void (inNewTab ? tabs.openNote(summary.path, true) : tabs.openNoteIn(view, summary.path)),
          currentPath: view.notePath,
        }),
        createElement('button', { type: 'button', 'data-testid': 'new-tab', onClick: () => void tabs.openNewTab() }, t('chat.newTab')),
      ),
    }));
    // Links in the chat show Obsidian's page preview on hover (configurable in Page preview's settings).
    this.registerHoverLinkSource(VIEW_TYPE_GLASSBOX_CHAT, { display: t('chat.viewTitle'), defaultMod: false });
    addPluginCommands(this, { settings: this, tabs, writes, semantic: search.semantic });
    const connection = { host: this, endpoint: () => endpoint.current(), vaultTools: () => search.vaultTools.current().tools };
    this.addSettingTab(new GlassboxSettingTab({ app: this.app, plugin: this, host: this, mcp, listModels: models, checkConnection: pluginConnectionCheck(connection), daySpend }));
    // Traces beyond the chat (DESIGN.md 13.5): which conversations used a note, and Obsidian's command line.
    registerTraceCommands(this, { host: this, openConversation: (path) => void tabs.openNote(path) });
    registerGlassboxCliHandlers(this, { app: this.app, host: this, vaultTools: connection.vaultTools, checkConnection: pluginConnectionReport(connection), ask: inAppAsk(sessions, (session) => tabs.show(session)) });
    registerNoteRendering(this, this, { openInChat: (path) => void tabs.openNote(path) });
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
    this.sessions?.dispose();
    this.search?.vaultTools.dispose();
    void this.mcp?.close();
  }

  /** Shows the chat view in the right sidebar, reusing the open one if there is one. */
  async activateChatView(): Promise<WorkspaceLeaf | null> {
    return (await this.tabs?.activate()) ?? null;
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
    this.sessions?.settingsChanged();
    this.daySpend?.changed();
    for (const leaf of this.app.workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT)) {
      if (leaf.view instanceof ChatView) leaf.view.refresh();
    }
  }

  // One run setup for the plugin's life, made on the first question: the model client (openai)
  // and the vault index are evaluated then, not when Obsidian loads the plugin.
  private runSetup(endpoint: PluginEndpoint, writes: { writer: ObsidianNoteWriter; changes: NoteChangeLog }, daySpend: DeviceDaySpend) {
    let setup: Promise<(modelName: string, request?: ChatRunRequest) => Promise<ChatRunSetup>> | null = null;
    return (modelName: string, request: ChatRunRequest) => {
      setup ??= import('./obsidian/chat/run-setup').then(({ createRunSetup }) => createRunSetup({ app: this.app, settings: this, vaultTools: this.search!.vaultTools, mcp: this.mcp, writes, endpoint, daySpend }));
      return setup.then((prepare) => prepare(modelName, request));
    };
  }
}

