import type { App } from './app';
import { Events } from './events';
import { TFile } from './files';
import { setTabTitle } from './tab-header';
import { DeferredView, EmptyView, type View } from './view';

/** Which part of the workspace a leaf lives in. */
export type FakeLeafSide = 'main' | 'left' | 'right';

/** The view type and state a leaf shows, as Obsidian's `ViewState`. */
export interface FakeViewState {
  type: string;
  state?: Record<string, unknown>;
  active?: boolean;
  pinned?: boolean;
}

/** Obsidian's `WorkspaceLeaf`: a slot that shows one view. */
export class WorkspaceLeaf extends Events {
  /** The app. */
  app: App;
  /** The view it shows (an empty view at first). */
  view: View;
  /** Fake-only: which split the leaf is in. */
  side: FakeLeafSide;
  /** The leaf's element, inside the workspace element. */
  containerEl: HTMLElement | null = null;
  /** Fake-only: whether the leaf has been detached. */
  detached = false;
  /** The leaf's tab in its tab strip (sidebars only here; not in Obsidian's public typings). */
  tabHeaderEl: HTMLElement | null = null;
  /** The title inside the tab (Obsidian's `tabHeaderInnerTitleEl`). */
  tabHeaderInnerTitleEl: HTMLElement | null = null;
  private pinned = false;

  constructor(app: App, side: FakeLeafSide) {
    super();
    this.app = app;
    this.side = side;
    this.view = new EmptyView(this);
    if (typeof document !== 'undefined') {
      this.containerEl = createDiv();
      this.containerEl.className = 'workspace-leaf';
      this.containerEl.dataset.side = side;
      this.containerEl.appendChild(this.view.containerEl);
    }
    void this.view.open();
  }

  /** The current view type and state (a deferred leaf's: the state it will load). */
  getViewState(): FakeViewState {
    const state = this.view instanceof DeferredView ? (this.view.deferredState.state ?? {}) : this.view.getState();
    return { type: this.view.getViewType(), state, pinned: this.pinned };
  }

  /** Redraws the tab's title from the view's `getDisplayText()` (Obsidian's, not in the public typings). */
  updateHeader(): void {
    setTabTitle(this, this.view.getDisplayText());
  }

  /**
   * Replaces the view with a new one of `viewState.type` (from the registered creators),
   * closing the previous view first, then applies the state; `active` makes it the active leaf.
   */
  async setViewState(viewState: FakeViewState, eState?: unknown): Promise<void> {
    void eState;
    const creator = this.app.viewRegistry.getCreator(viewState.type);
    const next = creator ? creator(this) : new EmptyView(this);
    await this.replaceView(next);
    await next.setState(viewState.state ?? {}, { history: false });
    if (viewState.pinned !== undefined) this.pinned = viewState.pinned;
    if (viewState.active) this.app.workspace.setActiveLeaf(this, { focus: true });
  }

  /** Opens a file: a note in a `MarkdownView`, anything else in an empty view; records the file. */
  async openFile(file: TFile, openState?: { active?: boolean }): Promise<void> {
    this.openedFile = file;
    await this.setViewState({ type: file.extension === 'md' ? 'markdown' : 'empty', state: { file: file.path }, active: openState?.active });
    this.app.workspace.trigger('file-open', file);
  }

  /** Fake-only: the file last opened in this leaf. */
  openedFile: TFile | null = null;

  /** Shows a view instance. */
  async open(view: View): Promise<View> {
    await this.replaceView(view);
    return view;
  }

  /** Pins or unpins. */
  setPinned(pinned: boolean): void {
    this.pinned = pinned;
    this.trigger('pinned-change', pinned);
  }

  /** Toggles pinning. */
  togglePinned(): void {
    this.setPinned(!this.pinned);
  }

  /** Whether the leaf still shows a {@link DeferredView} (see `Workspace.restoreDeferredLeaf`). */
  get isDeferred(): boolean {
    return this.view instanceof DeferredView;
  }

  /** Loads the deferred view's real view, and waits until it is open. */
  async loadIfDeferred(): Promise<void> {
    if (this.view instanceof DeferredView) await this.setViewState(this.view.deferredState);
  }

  /** @internal Shows a deferred placeholder for `viewState` (the workspace restores leaves so). */
  deferView(viewState: { type: string; state?: Record<string, unknown>; title?: string }): void {
    const previous = this.view;
    void previous.close();
    previous.containerEl.remove?.();
    this.view = new DeferredView(this, viewState);
    this.containerEl?.appendChild(this.view.containerEl);
    void this.view.open();
    this.updateHeader();
  }

  /** The sidebar (`workspace.leftSplit`/`rightSplit`) or `workspace.rootSplit` the leaf is in. */
  getRoot(): object {
    return this.app.workspace.rootOf(this.side);
  }

  /** Closes the view and removes the leaf from the workspace. */
  detach(): void {
    if (this.detached) return;
    this.detached = true;
    void this.view.close();
    this.containerEl?.remove();
    this.tabHeaderEl?.remove();
    this.app.workspace.removeLeaf(this);
  }

  /** The view's tab title. */
  getDisplayText(): string {
    return this.view.getDisplayText();
  }

  /** The view's icon. */
  getIcon(): string {
    return this.view.getIcon();
  }

  /** Forwards to the view. */
  onResize(): void {
    this.view.onResize();
  }

  private async replaceView(next: View): Promise<void> {
    const previous = this.view;
    await previous.close();
    previous.containerEl.remove?.();
    this.view = next;
    this.containerEl?.appendChild(next.containerEl);
    await next.open();
    this.updateHeader();
    this.app.workspace.trigger('layout-change');
  }
}
