import { type Editor, editorInfoField, editorLivePreviewField, normalizePath, Notice, Plugin, requestUrl, type WorkspaceLeaf } from 'obsidian';
import { createElement } from 'react';
import type { ChatRunRequest } from './chat';
import { ChatView, VIEW_TYPE_GLASSBOX_CHAT } from './obsidian/chat/chat-view';
import { ConversationStore } from './obsidian/notes/conversation-store';
import { listModels } from './obsidian/network/list-models';
import { ObsidianHostServices } from './obsidian/obsidian-host-services';
import { deviceIndexStore } from './obsidian/search/device-index-store';
import { ObsidianVaultSource } from './obsidian/search/obsidian-vault-source';
import { isConversationFile } from './obsidian/notes/conversation-file';
import { ConversationsBaseFile } from './obsidian/notes/conversations-base-file';
import { exportConversationNote } from './obsidian/notes/export-conversation-note';
import { conversationLivePreview } from './obsidian/notes/live-preview/conversation-live-preview';
import { messageRendererMount } from './obsidian/notes/live-preview/mount-reasoning-block';
import { openConversationNote } from './obsidian/notes/open-conversation-note';
import { createReadingViewProcessor } from './obsidian/notes/reading-view-processor';
import { DesktopMcpServers } from './obsidian/network/desktop-mcp-servers';
import { GlassboxSettingTab } from './obsidian/settings/settings-tab';
import { VaultToolsProvider } from './obsidian/search/vault-tools-provider';
import { carriesEmbeddings, SemanticSearch } from './obsidian/search/semantic-search';
import { confirmEmbedding } from './obsidian/search/embed-notes-modal';
import { HistoryToggle } from './ui/chat/HistoryToggle';
import { displayOptionsOf } from './ui/reasoning/display-options';
import { FolderExcludingSource } from './search/folder-excluding-source';
import { ObsidianNoteWriter } from './obsidian/notes/obsidian-note-writer';
import { NoteChangeLog } from './writes';
import { WaitingChats } from './obsidian/chat/waiting-chat';
import { editorSelection } from './obsidian/chat/editor-selection';
import type { QuestionSelection } from './agent';
import { loadGlassboxSettings, type GlassboxSettings, type GlassboxSettingsHost, type LoadedSettings } from './settings';

/**
 * The Glassbox plugin: loads settings, registers the chat view, its ribbon icon and commands, and
 * the settings tab. Wiring only; everything it registers is undone on unload by Obsidian
 * through the `register*`/`add*` helpers.
 */
export default class GlassboxPlugin extends Plugin implements GlassboxSettingsHost {
  /** Current settings; unknown keys from `data.json` are kept for the next save. */
  override settings: LoadedSettings<GlassboxSettings> = loadGlassboxSettings(null);
  private ribbonIconEl: HTMLElement | null = null;
  private vaultTools: VaultToolsProvider | null = null;
  private semanticSearch: SemanticSearch | null = null;
  private conversations: ConversationStore | null = null;
  /** Desktop only (null on mobile). */
  private mcp: DesktopMcpServers | null = null;
  /** A closed chat's run that waits on an approval card, until the chat view opens again. */
  private readonly waitingChats = new WaitingChats();

  override async onload(): Promise<void> {
    await this.loadSettings();
    const vaultTools = this.createVaultTools();
    this.vaultTools = vaultTools;
    const mcp = DesktopMcpServers.create();
    this.mcp = mcp;
    mcp?.configure(this.settings.mcpServers);
    // The agent, the model client (openai) and the vault index are evaluated on first use, not
    // when Obsidian loads the plugin: esbuild defers a module reached only through import().
    // Note writes (each approved in the chat) and the command that undoes the last one.
    const writes = { writer: new ObsidianNoteWriter(this.app), changes: new NoteChangeLog() };
    const prepareRun = (modelName: string, request?: ChatRunRequest) => import('./obsidian/chat/run-setup').then(({ createRunSetup }) => createRunSetup({ app: this.app, settings: this, vaultTools, mcp, writes })(modelName, request));
    const conversations = new ConversationStore({ vault: this.app.vault, metadataCache: this.app.metadataCache, folder: () => this.settings.conversationsFolder });
    this.conversations = conversations;
    this.registerView(VIEW_TYPE_GLASSBOX_CHAT, (leaf) => new ChatView(leaf, {
      settings: this,
      pluginId: this.manifest.id,
      prepareRun,
      runAgent: (options) => import('./agent/run-agent').then(({ runAgent }) => runAgent(options)),
      conversations,
      waitingChats: this.waitingChats,
      changes: writes.changes,
      ribbonIcon: () => this.ribbonIconEl,
      // requestUrl, not fetch: it is not subject to CORS, and this call needs no streaming.
      listModels: () => listModels({ baseUrl: this.settings.baseUrl, apiKey: this.apiKey(), get: ({ url, headers }) => requestUrl({ url, headers, throw: false }).then((response) => ({ status: response.status, json: safeJson(response) })) }),
      toolbarExtras: (view) => createElement(HistoryToggle, {
        load: () => conversations.list(),
        onOpen: (summary) => void this.openSavedConversation({ view, conversations, path: summary.path }),
        currentPath: view.notePath,
      }),
    }));
    // Links in the chat show Obsidian's page preview on hover (configurable in Page preview's settings).
    this.registerHoverLinkSource(VIEW_TYPE_GLASSBOX_CHAT, { display: 'Glassbox chat', defaultMod: false });
    this.ribbonIconEl = this.addRibbonIcon('message-square', 'Open chat', () => void this.activateChatView());
    this.addCommand({ id: 'open-chat', name: 'Open chat', callback: () => void this.activateChatView() });
    this.addCommand({ id: 'new-chat', name: 'New chat', callback: () => void this.withChatView((view) => view.newChat()) });
    this.addCommand({
      id: 'stop',
      name: 'Stop the running answer',
      checkCallback: (checking) => {
        const view = this.openChatView();
        if (view === null || !view.controller.store.getState().running) return false;
        if (!checking) view.controller.stop();
        return true;
      },
    });
    this.addCommand({
      id: 'insert-last-answer',
      name: 'Insert last answer into the current note',
      editorCheckCallback: (checking, editor: Editor) => {
        const answer = this.openChatView()?.controller.lastAnswer() ?? null;
        if (answer === null) return false;
        if (!checking) editor.replaceSelection(answer);
        return true;
      },
    });
    this.addCommand({
      id: 'undo-last-change',
      name: 'Undo the last change',
      callback: () => void writes.changes.undoLast(writes.writer).then((outcome) => new Notice(outcome.message), (error: unknown) => new Notice(`The change could not be undone: ${error instanceof Error ? error.message : String(error)}`)),
    });
    this.addSelectionCommands();
    this.addConversationNoteCommands();
    this.addSemanticSearchCommands();
    this.addSettingTab(new GlassboxSettingTab({ app: this.app, plugin: this, host: this, mcp }));
    // Saved conversation notes show their "Thought for" blocks in reading view too.
    this.registerMarkdownPostProcessor(
      createReadingViewProcessor({
        vault: this.app.vault,
        host: new ObsidianHostServices(this.app),
        displayOptions: () => displayOptionsOf(this.settings),
        openInChat: (path) => void this.openNoteInChat(path),
      }),
    );
    // Live Preview shows the same blocks and hides the trailers; source mode stays raw.
    this.registerEditorExtension(
      conversationLivePreview({
        isLivePreview: (state) => state.field(editorLivePreviewField, false) ?? false,
        mountReasoning: messageRendererMount({
          host: new ObsidianHostServices(this.app),
          displayOptions: () => displayOptionsOf(this.settings),
          sourcePath: (state) => state.field(editorInfoField, false)?.file?.path ?? '',
        }),
      }),
    );
    // Indexing starts once Obsidian has loaded the vault, in the background (time-sliced).
    this.app.workspace.onLayoutReady(() => vaultTools.start());
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
    this.semanticSearch?.stop();
    this.waitingChats.dispose();
    this.vaultTools?.dispose();
    void this.mcp?.close();
  }

  /** Shows the chat view in the right sidebar, reusing the open one if there is one. */
  async activateChatView(): Promise<WorkspaceLeaf | null> {
    const { workspace } = this.app;
    let leaf: WorkspaceLeaf | null = workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT)[0] ?? null;
    if (leaf === null) {
      leaf = workspace.getRightLeaf(false);
      if (leaf === null) return null;
      await leaf.setViewState({ type: VIEW_TYPE_GLASSBOX_CHAT, active: true });
    }
    await workspace.revealLeaf(leaf);
    return leaf;
  }

  /** Reads `data.json` over the defaults. */
  async loadSettings(): Promise<void> {
    this.settings = loadGlassboxSettings(await this.loadData());
  }

  /** Writes the settings (unknown keys included) to `data.json` and shows them in open chats. */
  async saveSettings(): Promise<void> {
    await this.saveData(this.settings);
    this.mcp?.configure(this.settings.mcpServers);
    void this.semanticSearch?.sync();
    for (const leaf of this.app.workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT)) {
      if (leaf.view instanceof ChatView) leaf.view.refresh();
    }
  }

  /** "Ask about the selection", in the command palette and the editor's context menu (DESIGN.md 11.1). */
  private addSelectionCommands(): void {
    const ask = (selection: QuestionSelection): void => void this.withChatView((view) => view.askAboutSelection(selection));
    this.addCommand({
      id: 'ask-about-selection',
      name: 'Ask about the selection',
      editorCheckCallback: (checking, editor, info) => {
        const selection = editorSelection(editor, info.file?.path);
        if (selection === null) return false;
        if (!checking) ask(selection);
        return true;
      },
    });
    this.registerEvent(this.app.workspace.on('editor-menu', (menu, editor, info) => {
      const selection = editorSelection(editor, info.file?.path);
      if (selection === null) return;
      menu.addItem((item) => item.setTitle('Ask about the selection').setIcon('message-square').onClick(() => ask(selection)));
    }));
  }

  /** "Embed notes for search by meaning" and its stop; progress shows in the status bar, where a click stops it. */
  private addSemanticSearchCommands(): void {
    const semantic = this.semanticSearch;
    if (semantic === null) return;
    this.addCommand({ id: 'embed-notes', name: 'Embed notes for search by meaning', callback: () => void semantic.embedNotes() });
    this.addCommand({
      id: 'stop-embedding',
      name: 'Stop embedding notes',
      checkCallback: (checking) => {
        if (!semantic.embedding) return false;
        if (!checking) semantic.stop();
        return true;
      },
    });
  }

  /** Commands on the active note when it is a saved conversation: open it in the chat, export it. */
  private addConversationNoteCommands(): void {
    const activeConversation = () => {
      const file = this.app.workspace.getActiveFile();
      return isConversationFile({ file, metadataCache: this.app.metadataCache, folder: this.settings.conversationsFolder }) ? file : null;
    };
    this.addCommand({
      id: 'open-note-in-chat',
      name: 'Open this conversation in chat',
      checkCallback: (checking) => {
        const file = activeConversation();
        if (file === null) return false;
        if (!checking) void this.openNoteInChat(file.path);
        return true;
      },
    });
    this.addCommand({
      id: 'export-conversation-markdown',
      name: 'Export conversation as plain Markdown',
      checkCallback: (checking) => {
        const file = activeConversation();
        if (file === null) return false;
        if (!checking) void exportConversationNote({ vault: this.app.vault, workspace: this.app.workspace, file });
        return true;
      },
    });
    this.addCommand({
      id: 'export-conversation-html',
      name: 'Export conversation as HTML',
      checkCallback: (checking) => {
        const file = activeConversation();
        if (file === null) return false;
        if (!checking) void exportConversationNote({ vault: this.app.vault, workspace: this.app.workspace, file, format: 'html' });
        return true;
      },
    });
  }

  /** Reopens a conversation note in the chat view (the command and the note's "Open in chat" button). */
  private async openNoteInChat(path: string): Promise<void> {
    const leaf = await this.activateChatView();
    if (!(leaf?.view instanceof ChatView) || this.conversations === null) {
      new Notice('The chat view could not be opened.');
      return;
    }
    await this.openSavedConversation({ view: leaf.view, conversations: this.conversations, path });
  }

  private async openSavedConversation(options: { view: ChatView; conversations: ConversationStore; path: string }): Promise<void> {
    const file = this.app.vault.getFileByPath(options.path);
    if (file === null) {
      new Notice('This note could not be opened as a conversation.');
      return;
    }
    // Shows the note's warnings (broken properties or markers) in a notice, and says when it was imported.
    await openConversationNote({ store: options.conversations, target: options.view, file });
  }


  // Read at each use: the key lives in SecretStorage only, never in the plugin's data.
  private apiKey(): string | null {
    const name = this.settings.apiKeySecretName.trim();
    return name === '' ? null : this.app.secretStorage.getSecret(name);
  }

  private openChatView(): ChatView | null {
    const view = this.app.workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT)[0]?.view;
    return view instanceof ChatView ? view : null;
  }

  private async withChatView(action: (view: ChatView) => void): Promise<void> {
    const leaf = await this.activateChatView();
    if (leaf?.view instanceof ChatView) action(leaf.view);
    else new Notice('The chat view could not be opened.');
  }

  private createVaultTools(): VaultToolsProvider {
    // Saved conversations are not notes to answer from: the agent would quote its own answers.
    const source = new FolderExcludingSource(new ObsidianVaultSource({ vault: this.app.vault, metadataCache: this.app.metadataCache }), () => this.settings.conversationsFolder);
    const pluginDir = this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`;
    const store = deviceIndexStore({ app: this.app, pluginDir });
    const semantic = this.createSemanticSearch(pluginDir);
    this.semanticSearch = semantic;
    // In a Web Worker: the main thread only forwards vault events and queries.
    return new VaultToolsProvider(() => import('./obsidian/search/open-plugin-index').then(({ openPluginIndex }) => openPluginIndex({ source, store })), {
      meaning: () => semantic.meaning(),
      // The plugin's index is the worker's client, which carries search by meaning too.
      onReady: (index) => {
        if (carriesEmbeddings(index)) void semantic.attach(index);
      },
    });
  }

  private createSemanticSearch(pluginDir: string): SemanticSearch {
    const statusEl = this.addStatusBarItem();
    statusEl.addClass('glassbox-embedding-status');
    statusEl.hide();
    statusEl.setAttr('aria-label', 'Click to stop embedding notes');
    const semantic = new SemanticSearch({
      settings: () => this.settings,
      client: (model) => import('./obsidian/network/embedding-endpoint').then(({ createEmbeddingEndpoint }) => createEmbeddingEndpoint({ app: this.app, settings: this.settings, model })),
      store: deviceIndexStore({ app: this.app, pluginDir, contents: 'embeddings' }),
      status: (text) => {
        statusEl.setText(text ?? '');
        statusEl.toggle(text !== null);
      },
      notify: (message) => new Notice(message),
      confirm: ({ plan, model }) => confirmEmbedding(this.app, { plan, model, endpoint: this.settings.embeddingsBaseUrl.trim() !== '' ? this.settings.embeddingsBaseUrl.trim() : this.settings.baseUrl.trim() }),
    });
    this.registerDomEvent(statusEl, 'click', () => semantic.stop());
    return semantic;
  }
}

function safeJson(response: { readonly json: unknown }): unknown {
  try {
    return response.json;
  } catch {
    // requestUrl's json getter throws on a body that is not JSON.
    return null;
  }
}

export { GlassboxPlugin };
