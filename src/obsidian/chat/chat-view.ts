import { Component, type HoverPopover, ItemView, type ViewStateResult, type WorkspaceLeaf } from 'obsidian';
import type { ReactNode } from 'react';
import type { ChatController, ChatSession } from '../../chat';
import type { GlassboxSettingsHost } from '../../settings';
import type { NoteChangeLog } from '../../writes';
import type { ServerModel } from '../../llm';
import { copyWithoutZeroWidth } from '../../ui/copy-without-zero-width';
import { RootRegistry } from '../../ui/message/root-registry';
import { ObsidianHostServices } from '../obsidian-host-services';
import type { ChatViewPanel } from './chat-view-panel';
import type { SpentTodaySource } from '../../ui/host-services';
import type { ChatSessions, SessionViewer } from '../workspace/chat-sessions';
import { type ChatViewState, VIEW_TYPE_GLASSBOX_CHAT } from '../workspace/chat-view-state';
import type { FirstRun } from './first-run';
import type { VaultContextSources } from './vault-context-sources';
import { t } from '../../i18n';

export { VIEW_TYPE_GLASSBOX_CHAT };

/** The CSS class that makes the ribbon icon and the tab pulse while a question waits. */
export const PULSE_CLASS = 'glassbox-pulse';

/** What the chat view needs; the chat workspace (`src/obsidian/workspace`) wires it. */
export interface ChatViewOptions {
  /** The plugin's sessions; the view shows one of them. */
  readonly sessions: Pick<ChatSessions, 'claim' | 'get' | 'attach' | 'detach'>;
  /** The chips' sources of a session: the draft of its next question, over the vault. */
  readonly contextOf: (session: ChatSession) => VaultContextSources;
  readonly settings: GlassboxSettingsHost;
  /** The plugin's id, whose settings tab an error's "Open settings" button shows. */
  readonly pluginId?: string;
  /** The plugin's ribbon icon, which pulses while a question waits and the view is hidden. */
  readonly ribbonIcon?: () => HTMLElement | null;
  /**
   * Extra toolbar content (the conversation history button), given the session shown; loaded
   * with the panel when the view first opens (its React components are evaluated then).
   */
  readonly toolbarExtras?: () => Promise<(session: ChatSession) => ReactNode>;
  /** The models the endpoint offers, suggested by the model picker with what the server says about each. */
  readonly listModels?: () => Promise<readonly ServerModel[]>;
  /** "Find a local model" while no endpoint is set (issue 30). */
  readonly firstRun?: FirstRun;
  /** Reopens a saved conversation note in the session (a tab restored after a restart names its note). */
  readonly restoreNote?: (session: ChatSession, notePath: string) => Promise<void>;
  /** The log of changes "Undo the last change" takes back; an answer inserted at the cursor joins it. */
  readonly changes?: NoteChangeLog;
  /** The day's spend, shown above the composer while a daily budget is set (DESIGN.md 13.4). */
  readonly spentToday?: SpentTodaySource;
}

/**
 * A chat tab: ONE React root in `contentEl` showing one of the plugin's sessions, mounted on open
 * and unmounted on close together with every reasoning/banner root its messages made. Closing the
 * tab detaches it from its session; the session and its run go on (DESIGN.md 12.2). It only
 * mounts and attaches: what the user does to a session goes through the chat workspace. React
 * and the chat's components (`./chat-view-panel`) are evaluated when the first view opens, not
 * when Obsidian loads the plugin (DESIGN.md 13.7): esbuild defers a module reached only through
 * import().
 */
export class ChatView extends ItemView implements SessionViewer {
  /** Every React root mounted into rendered messages (tests count them). */
  readonly roots = new RootRegistry();
  private readonly host: ObsidianHostServices;
  /** The page preview open over one of the chat's links (the view is its hover parent). */
  hoverPopover: HoverPopover | null = null;
  private panel: ChatViewPanel | null = null;
  private toolbarExtras: ((session: ChatSession) => ReactNode) | null = null;
  /** Set by `onClose`: an `onOpen` still loading the panel (or run after the close) mounts nothing. */
  private closed = false;
  private shown: ChatSession | null = null;
  /** The chips' sources for the session shown, and what keeps them following the vault. */
  private sources: VaultContextSources | null = null;
  private following: Component | null = null;
  private unsubscribe: (() => void) | null = null;
  private offeredModels: readonly ServerModel[] = [];
  private listedEndpoint: string | null = null;
  private title = '';
  private pulsing = false;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly options: ChatViewOptions,
  ) {
    super(leaf);
    this.icon = 'message-square';
    this.host = new ObsidianHostServices(this.app, { ...(options.pluginId ? { pluginId: options.pluginId } : {}), ...(options.changes ? { changes: options.changes } : {}), ...(options.spentToday ? { spentToday: options.spentToday } : {}), hover: { source: VIEW_TYPE_GLASSBOX_CHAT, parent: this } });
  }

  /** The session on screen (the view attaches to one when it opens). */
  get session(): ChatSession {
    if (this.shown === null) throw new Error('The chat view shows no session before it opens.');
    return this.shown;
  }

  /** The chat's behaviour and state (tests read the chat through it). */
  get controller(): ChatController {
    return this.session.controller;
  }

  /** The chips above the composer: what the next question carries. */
  get context(): VaultContextSources {
    this.sources ??= this.options.contextOf(this.session);
    return this.sources;
  }

  getViewType(): string {
    return VIEW_TYPE_GLASSBOX_CHAT;
  }

  /** The tab's title: the conversation's name. */
  getDisplayText(): string {
    return this.shown?.title() ?? t('chat.viewTitle');
  }

  override getState(): Record<string, unknown> {
    if (this.shown === null) return {};
    const state: ChatViewState = { session: this.shown.id, notePath: this.shown.notePath };
    return { ...state };
  }

  override async setState(state: unknown, result: ViewStateResult): Promise<void> {
    const wanted = (state ?? {}) as ChatViewState;
    const named = typeof wanted.session === 'string' ? this.options.sessions.get(wanted.session) : null;
    if (named !== null) this.show(named);
    else if (typeof wanted.notePath === 'string' && wanted.notePath !== '' && this.session.isEmpty()) await this.options.restoreNote?.(this.session, wanted.notePath);
    await super.setState(state, result);
  }

  protected override async onOpen(): Promise<void> {
    this.contentEl.empty();
    this.contentEl.addClass('glassbox-chat-view');
    this.register(copyWithoutZeroWidth(this.contentEl));
    // Both are modules of main.js: the promises settle within this task, before any paint.
    const [{ ChatViewPanel }, toolbarExtras] = await Promise.all([import('./chat-view-panel'), this.options.toolbarExtras?.() ?? null]);
    if (this.closed) return;
    this.toolbarExtras = toolbarExtras;
    // Attached before the root exists, so the session is followed once, below.
    if (this.shown === null) this.show(this.options.sessions.claim());
    this.panel = new ChatViewPanel(this.contentEl);
    // The first paint is synchronous so the view is never an empty pane, even for a frame.
    this.render(true);
    this.follow(this.session);
    this.loadModels();
    this.registerEvent(this.app.workspace.on('active-leaf-change', () => this.pulsing && this.isChatVisible() && this.setPulse(false)));
    this.registerEvent(this.app.workspace.on('layout-change', () => this.pulsing && this.isChatVisible() && this.setPulse(false)));
  }

  protected override onClose(): Promise<void> {
    this.closed = true;
    this.leaveSession();
    this.panel?.unmount();
    this.panel = null;
    // Message roots are normally released by their messages' cleanups; close releases any left.
    this.roots.unmountAll();
    if (this.pulsing) this.setPulse(false);
    this.contentEl.empty();
    return Promise.resolve();
  }

  /**
   * Shows `session` in this view (history, "New chat", a restored tab); the session shown before
   * goes on without a view.
   */
  show(session: ChatSession): void {
    if (this.shown === session) return;
    this.leaveSession();
    this.shown = session;
    this.sources = null;
    this.options.sessions.attach(session, this);
    if (this.panel !== null) this.follow(session);
    this.render();
    this.updateTitle();
  }

  /** Re-renders with the current settings (display mode, toggles); the plugin calls it on a settings save. */
  refresh(): void {
    this.loadModels();
    this.context.draft.refresh();
    this.render();
  }

  /** The note of the conversation on screen ('' before its first save). */
  get notePath(): string {
    return this.session.notePath;
  }

  /** Puts the keyboard in the composer (a selection was just quoted). */
  focusComposer(): void {
    this.contentEl.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.focus();
  }

  /** The session's run waits for the user while the tab is not on screen: the tab and the ribbon pulse. */
  signalWaiting(): void {
    this.setPulse(true);
  }

  private render(sync = false): void {
    if (this.panel === null) return;
    this.panel.render(
      {
        controller: this.controller,
        host: this.host,
        roots: this.roots,
        settings: this.options.settings.settings,
        offeredModels: this.offeredModels,
        firstRun: this.options.firstRun,
        sourcePath: this.notePath,
        toolbarExtras: this.toolbarExtras?.(this.session),
        context: this.context,
      },
      sync,
    );
  }

  // The chips follow the workspace, the tab's title the conversation, and the pulse stops once
  // the question is answered, for as long as this view shows `session`.
  private follow(session: ChatSession): void {
    this.following = new Component();
    this.following.load();
    this.context.bind(this.following);
    let notePath = session.notePath;
    this.unsubscribe = session.controller.store.subscribe(() => {
      const state = session.controller.store.getState();
      if (this.pulsing && state.pendingInput === null && state.pendingApproval === null) this.setPulse(false);
      // Links resolve against the note once the first save names it.
      if (state.notePath !== notePath) {
        notePath = state.notePath;
        this.render();
      }
      this.updateTitle();
    });
  }

  private leaveSession(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.following?.unload();
    this.following = null;
    if (this.shown !== null) this.options.sessions.detach(this.shown, this);
  }

  private updateTitle(): void {
    const title = this.getDisplayText();
    if (title === this.title) return;
    this.title = title;
    // Obsidian redraws a tab's title from getDisplayText(); the method is not in the public typings.
    (this.leaf as { updateHeader?: () => void }).updateHeader?.();
  }

  // Asks the endpoint for its models in the background; the picker works without them. Once per
  // endpoint: a refresh for a display setting does not ask again.
  private loadModels(): void {
    const list = this.options.listModels;
    const { settings } = this.options.settings;
    const endpoint = `${settings.baseUrl}\n${settings.apiKeySecretName}`;
    if (list === undefined || endpoint === this.listedEndpoint) return;
    this.listedEndpoint = endpoint;
    void list().then((models) => {
      if (this.panel === null || JSON.stringify(models) === JSON.stringify(this.offeredModels)) return;
      this.offeredModels = models;
      this.render();
    });
  }

  private setPulse(on: boolean): void {
    this.pulsing = on;
    this.options.ribbonIcon?.()?.toggleClass(PULSE_CLASS, on);
    // Obsidian gives each leaf a tab header; it is not in the public typings.
    const tabHeader = (this.leaf as { tabHeaderEl?: HTMLElement }).tabHeaderEl;
    tabHeader?.toggleClass(PULSE_CLASS, on);
  }

  /** Whether the user can see the chat now: window shown, view shown, its sidebar open. */
  isChatVisible(): boolean {
    if (this.containerEl.ownerDocument.visibilityState === 'hidden') return false;
    if (!this.containerEl.isShown()) return false;
    // The leaf's root is the sidebar it lives in: a sidedock on desktop, a drawer on mobile (a
    // closed drawer stays in the DOM, and neither is a `.mod-right-split` there).
    const { leftSplit, rightSplit } = this.app.workspace;
    const root = this.leaf.getRoot();
    if (root === rightSplit) return !rightSplit.collapsed;
    if (root === leftSplit) return !leftSplit.collapsed;
    return true;
  }
}
