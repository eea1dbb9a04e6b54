import { type App, Notice, Platform, type WorkspaceLeaf } from 'obsidian';
import type { AgentRunOptions, AgentRunResult } from '../../agent';
import { type ChatAttention, type ChatRunRequest, type ChatRunSetup, ChatSession, type ConversationSaver, type FrameScheduler } from '../../chat';
import type { GlassboxSettingsHost } from '../../settings';
import { attentionMessage } from '../chat/attention-message';
import { pluginErrorAdvice } from '../chat/plugin-error-advice';
import { settingsApprovalMemory } from '../chat/settings-approval-memory';

/** A chat view as the sessions see it: its tab, whether it is on screen, and how to draw the eye to it. */
export interface SessionViewer {
  /** The tab the view lives in. */
  readonly leaf: WorkspaceLeaf;
  /** Shows `session` in this view instead ("New chat"); the one shown before goes on without a view. */
  show(session: ChatSession): void;
  /** Draws the chat again with the current settings (a settings save). */
  refresh(): void;
  /** Puts the keyboard in the composer (a selection was just quoted). */
  focusComposer(): void;
  /** Whether the user can see the chat now (window shown, tab in front, sidebar open). */
  isChatVisible(): boolean;
  /** Pulses the view's tab and the ribbon icon until the user looks (a run waits for them). */
  signalWaiting(): void;
}

/** What {@link ChatSessions} builds each session from; `main.ts` wires it. */
export interface ChatSessionsOptions {
  readonly app: App;
  readonly settings: GlassboxSettingsHost;
  /** Builds the model client and the vault tools for one run from the current settings. */
  readonly prepareRun: (modelName: string, request: ChatRunRequest) => Promise<ChatRunSetup>;
  /** The agent runner. */
  readonly runAgent: (options: AgentRunOptions) => Promise<AgentRunResult>;
  /** Saves each turn of every session (the conversation store). */
  readonly saver?: ConversationSaver;
  /** Shows a session's tab (opening one when no view shows it): a click on its notice. */
  readonly show?: (session: ChatSession) => void;
  /** Called with each session made (the workspace saves its draft as it changes). */
  readonly created?: (session: ChatSession) => void;
  /** Tests pass a manual scheduler and clock. */
  readonly scheduleFrame?: FrameScheduler;
  readonly now?: () => number;
}

/**
 * The plugin's chat sessions (DESIGN.md 12.2): each one's run goes on whether or not a view shows
 * it. Views attach to a session and detach; a run that ends or waits while its session is not on
 * screen shows a notice (and, on desktop with Obsidian in the background, a system notification).
 */
export class ChatSessions {
  private readonly sessions = new Map<string, ChatSession>();
  /** THE record of which view shows which session. */
  private readonly shownBy = new Map<ChatSession, SessionViewer>();
  private created = 0;
  /** The run options of the settings as last seen: a save changes only the ones it changed. */
  private runDefaults: RunDefaults;

  constructor(private readonly options: ChatSessionsOptions) {
    this.runDefaults = runDefaultsOf(options.settings);
  }

  /**
   * The settings were saved: sessions between runs take the run options that changed (model, loop
   * style, iteration limit); a model chosen in a chat's toolbar stays unless the setting changed.
   */
  settingsChanged(): void {
    const previous = this.runDefaults;
    const next = runDefaultsOf(this.options.settings);
    this.runDefaults = next;
    const change = Object.fromEntries(Object.entries(next).filter(([key, value]) => previous[key as keyof RunDefaults] !== value)) as Partial<RunDefaults>;
    if (Object.keys(change).length === 0) return;
    for (const session of this.sessions.values()) {
      if (!session.controller.store.getState().running) session.controller.configureNextRun(change);
    }
  }

  /** A new, empty session; `saved` gives back a session of an earlier run: its id and the text being typed. */
  create(saved?: { readonly id: string; readonly draft: string }): ChatSession {
    const host = this.options.settings;
    const current = host.settings;
    this.created += 1;
    const session = new ChatSession({
      // Unique across restarts too: a restored tab must not name a session of this run by chance.
      id: saved?.id ?? `${Date.now().toString(36)}-${this.created}-${Math.random().toString(36).slice(2, 8)}`,
      prepareRun: this.options.prepareRun,
      runAgent: this.options.runAgent,
      // The plugin words what fixes a provider error, in the UI's language: its settings tab.
      errorAdvice: pluginErrorAdvice(),
      model: current.model,
      loopStyle: current.loopStyle,
      maxIterations: current.maxIterations,
      inputTimeoutMs: () => host.settings.requestInputTimeoutMinutes * 60_000,
      attachOpenNote: () => host.settings.attachOpenNote,
      approvalMemory: settingsApprovalMemory(host),
      ...(this.options.saver ? { saver: this.options.saver } : {}),
      ...(this.options.now ? { now: this.options.now } : {}),
      ...(this.options.scheduleFrame ? { scheduleFrame: this.options.scheduleFrame } : {}),
    });
    if (saved !== undefined) session.draft.setText(saved.draft);
    session.onAttention((attention) => this.announce(session, attention));
    // The session keeps the refusal; the plugin remembers it for every next run ("Models without tools").
    session.onToolsRefused((modelName, reason) => this.rememberRefusal(modelName, reason));
    this.sessions.set(session.id, session);
    this.options.created?.(session);
    return session;
  }

  /** The session with this id, if it is still held. */
  get(id: string): ChatSession | null {
    return this.sessions.get(id) ?? null;
  }

  /** For a view that opens without naming a session: the latest one no view shows, else a new one. */
  claim(): ChatSession {
    const unshown = [...this.sessions.values()].filter((session) => !this.shownBy.has(session));
    return unshown.at(-1) ?? this.create();
  }

  /** `viewer` shows `session` now. */
  attach(session: ChatSession, viewer: SessionViewer): void {
    this.shownBy.set(session, viewer);
  }

  /** `viewer` no longer shows `session`; the session and its run go on. One holding nothing (no message, no text typed) is let go. */
  detach(session: ChatSession, viewer: SessionViewer): void {
    if (this.shownBy.get(session) !== viewer) return;
    this.shownBy.delete(session);
    if (session.holdsNothing()) this.forget(session);
    // Its run waits for the user, who no longer sees it.
    const waiting = session.waiting();
    if (waiting !== null) this.announce(session, waiting);
  }

  /** The view that shows `session`, if any. */
  viewerOf(session: ChatSession): SessionViewer | null {
    return this.shownBy.get(session) ?? null;
  }

  /** The session shown in the tab `leaf`, if a chat view there shows one. */
  sessionIn(leaf: WorkspaceLeaf): ChatSession | null {
    for (const [session, viewer] of this.shownBy) if (viewer.leaf === leaf) return session;
    return null;
  }

  /** Every view showing a session now. */
  viewers(): readonly SessionViewer[] {
    return [...this.shownBy.values()];
  }

  /** Every session held, oldest first. */
  all(): readonly ChatSession[] {
    return [...this.sessions.values()];
  }

  /** Stops every run (the plugin unloads). */
  dispose(): void {
    for (const session of this.sessions.values()) session.dispose();
    this.sessions.clear();
    this.shownBy.clear();
  }

  private rememberRefusal(modelName: string, reason: string): void {
    const host = this.options.settings;
    if (host.settings.modelsWithoutTools[modelName] === reason) return;
    host.settings.modelsWithoutTools = { ...host.settings.modelsWithoutTools, [modelName]: reason };
    void host.saveSettings();
  }

  private forget(session: ChatSession): void {
    session.dispose();
    this.sessions.delete(session.id);
  }

  private announce(session: ChatSession, attention: ChatAttention): void {
    const viewer = this.viewerOf(session);
    if (viewer?.isChatVisible()) return;
    if (attention.kind === 'approval' || attention.kind === 'question') viewer?.signalWaiting();
    const message = attentionMessage(attention);
    const notice = new Notice(message);
    const show = () => this.options.show?.(session);
    notice.messageEl.addEventListener?.('click', show);
    const page = this.options.app.workspace.containerEl.ownerDocument;
    if (Platform.isDesktop && this.options.settings.settings.systemNotifications && !page.hasFocus()) {
      showSystemNotification(page, message, show);
    }
  }
}

type RunDefaults = Pick<GlassboxSettingsHost['settings'], 'model' | 'loopStyle' | 'maxIterations'>;

function runDefaultsOf(host: GlassboxSettingsHost): RunDefaults {
  const { model, loopStyle, maxIterations } = host.settings;
  return { model, loopStyle, maxIterations };
}

/** A desktop notification (Electron grants the permission); clicking it brings Obsidian forward. */
function showSystemNotification(page: Document, message: string, show: () => void): void {
  const window = page.defaultView;
  if (window === null || typeof window.Notification !== 'function') return;
  const notification = new window.Notification('Glassbox', { body: message });
  notification.onclick = () => {
    window.focus();
    show();
  };
}
