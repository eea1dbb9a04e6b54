import { type HoverPopover, ItemView, Notice, type WorkspaceLeaf } from 'obsidian';
import { createElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { AgentInputRequest, AgentRunOptions, AgentRunResult, QuestionSelection } from '../../agent';
import { ChatController, type ChatRunRequest, type ChatRunSetup, type FrameScheduler } from '../../chat';
import type { Conversation } from '../../conversation';
import type { GlassboxSettingsHost } from '../../settings';
import { ChatPanel } from '../../ui/chat/ChatPanel';
import { RootRegistry } from '../../ui/message/root-registry';
import { displayOptionsOf, type ReasoningDisplayOptions } from '../../ui/reasoning/display-options';
import { ObsidianHostServices } from '../obsidian-host-services';
import { settingsApprovalMemory } from './settings-approval-memory';
import type { WaitingChats } from './waiting-chat';
import { VaultContextSources } from './vault-context-sources';

/** The registered view type of the chat panel. */
export const VIEW_TYPE_GLASSBOX_CHAT = 'glassbox-chat';

/** The CSS class that makes the ribbon icon and the tab pulse while a question waits. */
export const PULSE_CLASS = 'glassbox-pulse';

/** Where a turn's conversation is saved; the conversation store implements it. */
export interface ConversationSaver {
  /** Saves the conversation; may return it as saved (ids filled in) and the note's path. */
  save(conversation: Conversation): Promise<{ readonly conversation: Conversation; readonly file: { readonly path: string } } | void>;
}

/** What the chat view needs; `main.ts` wires it. */
export interface ChatViewOptions {
  readonly settings: GlassboxSettingsHost;
  /** The plugin's id, whose settings tab an error's "Open settings" button shows. */
  readonly pluginId?: string;
  /** Builds the model client and the vault tools for one run from the current settings. */
  readonly prepareRun: (modelName: string, request: ChatRunRequest) => Promise<ChatRunSetup>;
  /** The agent runner. */
  readonly runAgent: (options: AgentRunOptions) => Promise<AgentRunResult>;
  /** Saves each finished turn (complete, stopped or error). */
  readonly conversations?: ConversationSaver;
  /** The plugin's ribbon icon, which pulses while a question waits and the view is hidden. */
  readonly ribbonIcon?: () => HTMLElement | null;
  /** Extra toolbar content (the conversation history button), given the view. */
  readonly toolbarExtras?: (view: ChatView) => ReactNode;
  /** Model names the endpoint offers, suggested by the model picker. */
  readonly listModels?: () => Promise<readonly string[]>;
  /** Where a chat waiting on an approval card is kept while no view shows it. */
  readonly waitingChats?: WaitingChats;
  /** Tests pass a manual scheduler and clock. */
  readonly scheduleFrame?: FrameScheduler;
  readonly now?: () => number;
}

/**
 * The chat panel in the right sidebar: ONE React root in `contentEl`, mounted on open and
 * unmounted on close together with every reasoning/banner root its messages made.
 */
export class ChatView extends ItemView {
  /** The chat's behaviour and state; commands reach the chat through it. */
  readonly controller: ChatController;
  /** Every React root mounted into rendered messages (tests count them). */
  readonly roots = new RootRegistry();
  private readonly host: ObsidianHostServices;
  /** The chips above the composer: what the next question carries. */
  readonly context: VaultContextSources;
  /** The page preview open over one of the chat's links (the view is its hover parent). */
  hoverPopover: HoverPopover | null = null;
  private root: Root | null = null;
  private sourcePath = '';
  private unsubscribe: (() => void) | null = null;
  private offeredModels: readonly string[] = [];
  private listedEndpoint: string | null = null;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly options: ChatViewOptions,
  ) {
    super(leaf);
    this.icon = 'message-square';
    this.host = new ObsidianHostServices(this.app, { ...(options.pluginId ? { pluginId: options.pluginId } : {}), hover: { source: VIEW_TYPE_GLASSBOX_CHAT, parent: this } });
    // Read at each use: the settings tab edits the plugin's settings object in place.
    this.context = new VaultContextSources(this.app, {
      get attachOpenNote() {
        return options.settings.settings.attachOpenNote;
      },
      get contextBudgetTokens() {
        return options.settings.settings.contextBudgetTokens;
      },
      get promptsFolder() {
        return options.settings.settings.promptsFolder;
      },
    });
    // A chat whose run waits on an approval card outlives a closed view: this view takes it over.
    const waiting = options.waitingChats?.take() ?? null;
    if (waiting !== null) {
      waiting.adopt(this);
      this.controller = waiting.controller;
      this.sourcePath = waiting.notePath;
      this.adopt = waiting.adopt;
      return;
    }
    // The controller's callbacks go to whichever view shows the chat (see WaitingChats).
    const owner: { view: ChatView } = { view: this };
    this.adopt = (view) => {
      owner.view = view as ChatView;
    };
    const settings = options.settings.settings;
    this.controller = new ChatController({
      prepareRun: options.prepareRun,
      runAgent: options.runAgent,
      model: settings.model,
      loopStyle: settings.loopStyle,
      maxIterations: settings.maxIterations,
      inputTimeoutMs: () => options.settings.settings.requestInputTimeoutMinutes * 60_000,
      onTurnEnd: (conversation) => owner.view.saveTurn(conversation),
      onInputRequest: (request) => owner.view.signalQuestion(request),
      approvalMemory: settingsApprovalMemory(options.settings),
      ...(options.now ? { now: options.now } : {}),
      ...(options.scheduleFrame ? { scheduleFrame: options.scheduleFrame } : {}),
    });
  }

  /** Points the controller's callbacks at a view (this one, or the next one that takes the chat over). */
  private readonly adopt: (view: unknown) => void;

  getViewType(): string {
    return VIEW_TYPE_GLASSBOX_CHAT;
  }

  getDisplayText(): string {
    return 'Glassbox chat';
  }

  protected override onOpen(): Promise<void> {
    this.contentEl.empty();
    this.contentEl.addClass('glassbox-chat-view');
    this.root = createRoot(this.contentEl);
    // The first paint is synchronous so the view is never an empty pane, even for a frame.
    flushSync(() => this.render());
    // The pulse stops once the question is answered or the chat is on screen.
    this.unsubscribe = this.controller.store.subscribe(() => {
      if (this.controller.store.getState().pendingInput === null) this.setPulse(false);
    });
    this.loadModels();
    this.context.bind(this);
    this.registerEvent(this.app.workspace.on('active-leaf-change', () => this.isChatVisible() && this.setPulse(false)));
    this.registerEvent(this.app.workspace.on('layout-change', () => this.isChatVisible() && this.setPulse(false)));
    return Promise.resolve();
  }

  protected override onClose(): Promise<void> {
    const waitingChats = this.options.waitingChats;
    const pending = this.controller.store.getState().pendingApproval;
    if (waitingChats !== undefined && pending !== null) {
      waitingChats.keep({ controller: this.controller, notePath: this.sourcePath, adopt: this.adopt });
      new Notice(`Glassbox is waiting for your approval: ${pending.title} Open the chat to decide.`);
    } else {
      this.controller.dispose();
    }
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.root?.unmount();
    this.root = null;
    // Message roots are normally released by their messages' cleanups; close releases any left.
    this.roots.unmountAll();
    this.setPulse(false);
    this.contentEl.empty();
    return Promise.resolve();
  }

  /** Re-renders with the current settings (display mode, toggles); the settings tab calls it. */
  refresh(): void {
    this.loadModels();
    this.context.draft.refresh();
    const settings = this.options.settings.settings;
    if (!this.controller.store.getState().running) {
      this.controller.configureNextRun({ model: settings.model, loopStyle: settings.loopStyle, maxIterations: settings.maxIterations });
    }
    this.render();
  }

  /** The note of the conversation on screen ('' before its first save). */
  get notePath(): string {
    return this.sourcePath;
  }

  /** Shows a saved conversation; links resolve against its note. */
  openConversation(conversation: Conversation, notePath: string): void {
    this.sourcePath = notePath;
    this.controller.openConversation(conversation);
    this.render();
  }

  /** Starts an empty chat. */
  newChat(): void {
    this.sourcePath = '';
    this.controller.newChat();
    this.render();
  }

  /** Quotes a selection as context of the next question and puts the focus in the composer. */
  askAboutSelection(selection: QuestionSelection): void {
    this.context.draft.setSelection(selection);
    this.contentEl.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.focus();
  }

  private render(): void {
    if (this.root === null) return;
    this.root.render(
      createElement(ChatPanel, {
        controller: this.controller,
        host: this.host,
        roots: this.roots,
        display: this.displayOptions(),
        models: [...new Set([this.options.settings.settings.model, ...this.offeredModels])],
        sourcePath: this.sourcePath,
        toolbarExtras: this.options.toolbarExtras?.(this),
        context: this.context,
      }),
    );
  }

  // Asks the endpoint for its models in the background; the picker works without them. Once per
  // endpoint: a refresh for a display setting does not ask again.
  private loadModels(): void {
    const list = this.options.listModels;
    const settings = this.options.settings.settings;
    const endpoint = `${settings.baseUrl}\n${settings.apiKeySecretName}`;
    if (list === undefined || endpoint === this.listedEndpoint) return;
    this.listedEndpoint = endpoint;
    void list().then((models) => {
      if (this.root === null || models.join('\n') === this.offeredModels.join('\n')) return;
      this.offeredModels = models;
      this.render();
    });
  }

  private displayOptions(): ReasoningDisplayOptions {
    // Same values, same object: messages re-render only when a display setting really changed.
    this.lastDisplay = displayOptionsOf(this.options.settings.settings, this.lastDisplay);
    return this.lastDisplay;
  }

  private lastDisplay: ReasoningDisplayOptions | null = null;

  private async saveTurn(conversation: Conversation): Promise<Conversation | void> {
    const saver = this.options.conversations;
    if (saver === undefined) return;
    const outcome = await saver.save(conversation);
    if (!outcome) return;
    if (this.controller.store.getState().conversation.id === conversation.id && this.sourcePath !== outcome.file.path) {
      this.sourcePath = outcome.file.path;
      this.render();
    }
    return outcome.conversation;
  }

  private signalQuestion(request: AgentInputRequest): void {
    if (this.isChatVisible()) return;
    new Notice(`Glassbox is waiting for your answer: ${request.question}`);
    this.setPulse(true);
  }

  private setPulse(on: boolean): void {
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
