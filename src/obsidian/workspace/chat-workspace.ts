import { Notice, type Plugin, type WorkspaceLeaf } from 'obsidian';
import type { QuestionSelection } from '../../agent';
import { type ChatSession, sendDraft } from '../../chat';
import type { ServerModel } from '../../llm';
import { promptUse, type PromptNote } from '../../prompts';
import type { NoteChangeLog } from '../../writes';
import { ChatView } from '../chat/chat-view';
import type { FirstRun } from '../chat/first-run';
import { type VaultContextSources, vaultContextSourcesOf } from '../chat/vault-context-sources';
import type { ConversationStore } from '../notes/conversation-store';
import { ChatSessions, type ChatSessionsOptions } from './chat-sessions';
import { ChatTabs } from './chat-tabs';
import { SavedSessions, type SavedSessionsOptions } from './saved-sessions';
import { VIEW_TYPE_GLASSBOX_CHAT } from './chat-view-state';
import type { SpentTodaySource } from '../../ui/host-services';
import { t } from '../../i18n';

/** What the workspace is built from; `main.ts` wires it. */
export interface ChatWorkspaceOptions extends Omit<ChatSessionsOptions, 'show' | 'created'> {
  /** Where the sessions' saved state (the text being typed) is kept between runs. */
  readonly saved?: Omit<SavedSessionsOptions, 'sessions'>;
  readonly conversations: ConversationStore;
  /** The plugin's id, whose settings tab an error's "Open settings" button shows. */
  readonly pluginId?: string;
  /** The log of changes "Undo the last change" takes back; an answer inserted at the cursor joins it. */
  readonly changes?: NoteChangeLog;
  /** The models the endpoint offers, for the model picker. */
  readonly listModels?: () => Promise<readonly ServerModel[]>;
  /** "Find a local model" while no endpoint is set. */
  readonly firstRun?: FirstRun;
  /** What this device spent today, for "Spent today: $0.42 of $2.00" (DESIGN.md 13.4). */
  readonly spentToday?: SpentTodaySource;
}

/**
 * The chat's workspace (DESIGN.md 13.2): it owns the sessions, which tab shows which session,
 * and what the user does to a session: new chat, open a conversation, stop, ask about the
 * selection, run a prompt, a settings change. Commands and the plugin go through it; it is the
 * only module that knows the chat view, which only mounts a session and attaches to it.
 */
export class ChatWorkspace {
  readonly sessions: ChatSessions;
  readonly tabs: ChatTabs;
  private readonly contexts = new WeakMap<ChatSession, VaultContextSources>();
  private ribbonIcon: HTMLElement | null = null;
  private readonly saved: SavedSessions | null;
  /** Restored sessions whose conversation note opens when a view first shows them. */
  private readonly pendingNotes = new Map<ChatSession, string>();

  constructor(private readonly options: ChatWorkspaceOptions) {
    this.saved = options.saved === undefined ? null : new SavedSessions({ ...options.saved, sessions: () => this.sessions.all() });
    this.sessions = new ChatSessions({ ...options, show: (session) => void this.tabs.show(session), created: (session) => this.saved?.watch(session) });
    const { app } = options;
    this.tabs = new ChatTabs({ app, sessions: this.sessions, conversations: options.conversations, activeChatLeaf: () => app.workspace.getActiveViewOfType(ChatView)?.leaf ?? null });
  }

  /** Registers the chat view, its ribbon icon and its links' page preview with the plugin. */
  register(plugin: Plugin): void {
    this.ribbonIcon = plugin.addRibbonIcon('message-square', t('command.openChat'), () => void this.activate());
    plugin.registerView(VIEW_TYPE_GLASSBOX_CHAT, (leaf) => this.createView(leaf));
    // Links in the chat show Obsidian's page preview on hover (configurable in Page preview's settings).
    plugin.registerHoverLinkSource(VIEW_TYPE_GLASSBOX_CHAT, { display: t('chat.viewTitle'), defaultMod: false });
  }

  /**
   * Takes back the sessions the last run saved (the text being typed), before Obsidian restores
   * the tabs that name them; each one's conversation opens when a view first shows it.
   */
  async restore(): Promise<void> {
    for (const saved of (await this.saved?.load()) ?? []) {
      if (this.sessions.get(saved.id) !== null) continue;
      const session = this.sessions.create(saved);
      if (saved.notePath !== '') this.pendingNotes.set(session, saved.notePath);
    }
  }

  /** A chat view in `leaf`, showing a session of this workspace. */
  createView(leaf: WorkspaceLeaf): ChatView {
    const { settings, pluginId, changes, listModels, firstRun, spentToday } = this.options;
    return new ChatView(leaf, {
      sessions: {
        claim: () => this.sessions.claim(),
        get: (id) => this.sessions.get(id),
        detach: (session, viewer) => this.sessions.detach(session, viewer),
        attach: (session, viewer) => {
          this.sessions.attach(session, viewer);
          const note = this.pendingNotes.get(session);
          this.pendingNotes.delete(session);
          if (note !== undefined && session.isEmpty()) void this.tabs.openNoteIn(session, note);
        },
      },
      settings,
      contextOf: (session) => this.contextOf(session),
      ribbonIcon: () => this.ribbonIcon,
      restoreNote: (session, path) => this.tabs.openNoteIn(session, path),
      // React components, evaluated with the view's panel when the first view opens.
      toolbarExtras: () => import('./chat-toolbar-extras').then(({ chatToolbarExtras }) => (session) => chatToolbarExtras({ session, workspace: this, conversations: this.options.conversations })),
      ...(pluginId !== undefined ? { pluginId } : {}),
      ...(changes !== undefined ? { changes } : {}),
      ...(listModels !== undefined ? { listModels } : {}),
      ...(firstRun !== undefined ? { firstRun } : {}),
      ...(spentToday !== undefined ? { spentToday } : {}),
    });
  }

  /** Shows the chat in the right sidebar, reusing the open one if there is one. */
  activate(): Promise<WorkspaceLeaf | null> {
    return this.tabs.activate();
  }

  /**
   * "New chat" in the chat in front: an empty chat there. A conversation it showed goes on, its
   * run too, in a tab of its own next to it; an empty chat is simply kept.
   */
  async newChat(): Promise<void> {
    const kept = await this.frontShown();
    const view = kept === null ? null : this.sessions.viewerOf(kept);
    if (kept === null || view === null || kept.isEmpty()) return;
    view.show(this.sessions.create());
    await this.tabs.openInNewTab(kept, false);
  }

  /** Whether the chat in front has a run to stop. */
  canStop(): boolean {
    return this.tabs.frontSession()?.controller.store.getState().running ?? false;
  }

  /** Stops the run of the chat in front. */
  stop(): void {
    this.tabs.frontSession()?.controller.stop();
  }

  /** The last answer of the chat in front, as shown ("Insert the last answer"). */
  lastAnswer(): string | null {
    return this.tabs.frontSession()?.controller.lastAnswer() ?? null;
  }

  /** Opens a saved conversation: in the chat in front, or with `inNewTab` in a tab of its own. */
  async openNote(path: string, inNewTab = false): Promise<void> {
    const session = inNewTab ? await this.tabs.openNewTab() : await this.frontShown();
    if (session === null) {
      if (inNewTab) new Notice(t('notice.chatViewFailed'));
      return;
    }
    await this.tabs.openNoteIn(session, path);
  }

  /** Quotes a selection as context of the next question in the chat in front, keyboard in the composer. */
  async askAboutSelection(selection: QuestionSelection): Promise<void> {
    const session = await this.frontShown();
    if (session === null) return;
    session.draft.setSelection(selection);
    this.sessions.viewerOf(session)?.focusComposer();
  }

  /**
   * Runs a custom prompt (its palette command) in the chat in front: the editor's selection (read
   * before the chat took the focus) becomes the selection chip, then the prompt is filled as the
   * `/` menu fills it and sent at once.
   */
  async runPrompt(prompt: PromptNote, selection: QuestionSelection | null): Promise<void> {
    const session = await this.frontShown();
    if (session === null) return;
    if (selection !== null) session.draft.setSelection(selection);
    const context = this.contextOf(session);
    const filled = await context.fillPrompt(prompt);
    for (const path of filled.notes) session.draft.addNote({ path, chars: filled.sizes[path] ?? 0 });
    session.draft.usePrompt(promptUse(prompt, filled.variables));
    await sendDraft(session.controller, session.draft, filled.question);
  }

  /** A question from Obsidian's command line (`glassbox:ask`): a new tab, shown before it runs; resolves once the run has ended. */
  async askInNewTab(question: string): Promise<ChatSession | null> {
    const session = await this.tabs.openNewTab();
    if (session === null) return null;
    await session.controller.send(question);
    return session;
  }

  /** The settings were saved: sessions take the run options that changed, and every chat is drawn again. */
  settingsChanged(): void {
    this.sessions.settingsChanged();
    for (const viewer of this.sessions.viewers()) viewer.refresh();
  }

  /** Saves the text being typed and stops every run (the plugin unloads). */
  dispose(): void {
    void this.saved?.save();
    this.sessions.dispose();
  }

  // The session of the chat in front, opening the chat first; a notice when it cannot open.
  private async frontShown(): Promise<ChatSession | null> {
    const leaf = await this.activate();
    const session = leaf === null ? null : this.sessions.sessionIn(leaf);
    if (session === null) new Notice(t('notice.chatViewFailed'));
    return session;
  }

  /** The chips' sources of `session`: its draft over the vault, one per session. */
  contextOf(session: ChatSession): VaultContextSources {
    let context = this.contexts.get(session);
    if (context === undefined) {
      context = vaultContextSourcesOf(this.options.app, session.draft, this.options.settings);
      this.contexts.set(session, context);
    }
    return context;
  }

}

/** The workspace's session-level actions, as the commands use them. */
export type ChatActions = Pick<ChatWorkspace, 'activate' | 'newChat' | 'canStop' | 'stop' | 'lastAnswer' | 'openNote' | 'askAboutSelection' | 'runPrompt'>;
