import type { App } from './app';
import { Events } from './events';
import type { TFile } from './files';
import { MarkdownView } from './markdown-view';
import type { View } from './view';
import { addTabHeader } from './tab-header';
import { WorkspaceLeaf, type FakeLeafSide } from './workspace-leaf';

/**
 * A sidebar, collapsed or expanded: `WorkspaceSidedock` on desktop, `WorkspaceMobileDrawer` on
 * mobile (a drawer that slides over the notes; closed, it stays in the DOM, only moved aside).
 */
export class FakeSidedock {
  /** Whether the sidebar is collapsed. */
  collapsed = true;

  /** Expands the sidebar. */
  expand(): void {
    this.collapsed = false;
  }

  /** Collapses the sidebar. */
  collapse(): void {
    this.collapsed = true;
  }

  /** Toggles the sidebar. */
  toggle(): void {
    this.collapsed = !this.collapsed;
  }
}

/** One `openLinkText` call, recorded for tests and the playground. */
export interface FakeOpenedLink {
  linktext: string;
  sourcePath: string;
  newLeaf: unknown;
  /** The file the link resolved to, or null for an unresolved link. */
  file: TFile | null;
  /** The view state asked for (`eState.line`: the line a note opens scrolled to), when one was given. */
  openViewState?: unknown;
}

/** Fake-only: the saved layout, per side (see `Workspace.getLayout`). */
export type FakeLayout = Record<FakeLeafSide, { type: string; state?: Record<string, unknown>; title?: string }[]>;

/**
 * Obsidian's `Workspace`: leaves in a main area and two sidebars, the active leaf, layout
 * readiness and workspace events (`active-leaf-change`, `layout-change`, `file-open`, ...).
 */
export class Workspace extends Events {
  /** The active leaf, or null. */
  activeLeaf: WorkspaceLeaf | null = null;
  /** Whether the layout is ready. */
  layoutReady: boolean;
  /** The left sidebar. */
  leftSplit = new FakeSidedock();
  /** The right sidebar. */
  rightSplit = new FakeSidedock();
  /** The main area. */
  rootSplit: object = { type: 'root' };
  /** The workspace element (in `document.body` when there is a document). */
  containerEl: HTMLElement;
  /** Fake-only: the ribbon, where `addRibbonIcon` puts its icons. */
  ribbonEl: HTMLElement;
  /** Fake-only: every `openLinkText` call, in order. */
  readonly openedLinks: FakeOpenedLink[] = [];
  private readonly leaves: WorkspaceLeaf[] = [];
  private recentMainLeaf: WorkspaceLeaf | null = null;
  private recentFileLeaf: WorkspaceLeaf | null = null;
  private readonly layoutReadyCallbacks: (() => unknown)[] = [];
  private readonly splitEls: Record<FakeLeafSide, HTMLElement | null>;
  /** Each sidebar's tab in front (the others are hidden, as in Obsidian's tab groups). */
  private readonly frontTabs: Partial<Record<FakeLeafSide, WorkspaceLeaf>> = {};

  /**
   * `mobile` lays the sidebars out as Obsidian's phone and tablet app does: drawers
   * (`.workspace-drawer.mod-left` / `.mod-right`) instead of `.mod-left-split` / `.mod-right-split`.
   */
  constructor(private readonly app: App, options: { layoutReady?: boolean; mobile?: boolean } = {}) {
    super();
    this.layoutReady = options.layoutReady ?? true;
    if (typeof document !== 'undefined') {
      this.containerEl = document.body.createDiv('workspace');
      this.ribbonEl = this.containerEl.createDiv('workspace-ribbon side-dock-ribbon mod-left');
      this.splitEls = {
        left: this.containerEl.createDiv(options.mobile ? 'workspace-drawer mod-left' : 'workspace-split mod-left-split'),
        main: this.containerEl.createDiv('workspace-split mod-root'),
        right: this.containerEl.createDiv(options.mobile ? 'workspace-drawer mod-right' : 'workspace-split mod-right-split'),
      };
    } else {
      this.containerEl = {} as HTMLElement;
      this.ribbonEl = {} as HTMLElement;
      this.splitEls = { left: null, main: null, right: null };
    }
  }

  /** Runs `callback` once the layout is ready (now, if it already is). */
  onLayoutReady(callback: () => unknown): void {
    if (this.layoutReady) callback();
    else this.layoutReadyCallbacks.push(callback);
  }

  /** Fake-only: marks the layout ready and runs the waiting callbacks. */
  setLayoutReady(): void {
    this.layoutReady = true;
    for (const callback of this.layoutReadyCallbacks.splice(0)) callback();
    this.trigger('layout-ready');
  }

  /** A new leaf in the right sidebar. */
  getRightLeaf(split: boolean): WorkspaceLeaf | null {
    void split;
    return this.createLeaf('right');
  }

  /** A new leaf in the left sidebar. */
  getLeftLeaf(split: boolean): WorkspaceLeaf | null {
    void split;
    return this.createLeaf('left');
  }

  /** A leaf in the main area: a new one when `newLeaf` is truthy, else the active main leaf or a new one. */
  getLeaf(newLeaf?: unknown): WorkspaceLeaf {
    if (!newLeaf) {
      const current = this.activeLeaf?.side === 'main' ? this.activeLeaf : this.leaves.find((leaf) => leaf.side === 'main');
      if (current) return current;
    }
    return this.createLeaf('main');
  }

  /** Every leaf whose view has the given type, in creation order. */
  getLeavesOfType(viewType: string): WorkspaceLeaf[] {
    return this.leaves.filter((leaf) => leaf.view.getViewType() === viewType);
  }

  /** Detaches every leaf of the type. */
  detachLeavesOfType(viewType: string): void {
    for (const leaf of this.getLeavesOfType(viewType)) leaf.detach();
  }

  /** Shows the leaf: expands its sidebar, loads it if it was deferred, and makes it active. */
  async revealLeaf(leaf: WorkspaceLeaf): Promise<void> {
    if (leaf.side === 'right') this.rightSplit.expand();
    if (leaf.side === 'left') this.leftSplit.expand();
    this.bringToFront(leaf);
    await leaf.loadIfDeferred();
    this.setActiveLeaf(leaf, { focus: true });
  }

  /**
   * Fake-only: a leaf as Obsidian (1.7.2+) restores one from the saved layout when it is not on
   * screen: its view is a `DeferredView` reporting `viewState.type` until it is revealed or
   * `loadIfDeferred` is called; `getLeavesOfType` finds it.
   */
  restoreDeferredLeaf(side: FakeLeafSide, viewState: { type: string; state?: Record<string, unknown>; title?: string }): WorkspaceLeaf {
    const leaf = this.createLeaf(side);
    leaf.deferView(viewState);
    return leaf;
  }

  /**
   * The layout as Obsidian saves it in `workspace.json` on quit, reduced to what the fake models:
   * each side's leaves, in tab order, with their view state and tab title.
   */
  getLayout(): FakeLayout {
    const sideOf = (side: FakeLeafSide) => this.leaves.filter((leaf) => leaf.side === side).map((leaf) => ({ type: leaf.view.getViewType(), state: leaf.getViewState().state ?? {}, title: leaf.getDisplayText() }));
    return { main: sideOf('main'), left: sideOf('left'), right: sideOf('right') };
  }

  /**
   * Fake-only: restores a saved layout as Obsidian does at startup: every leaf deferred until it
   * is shown (`revealLeaf` or `loadIfDeferred` loads it, with its saved state).
   */
  restoreLayout(layout: FakeLayout): WorkspaceLeaf[] {
    return (['main', 'left', 'right'] as const).flatMap((side) => layout[side].map((viewState) => this.restoreDeferredLeaf(side, viewState)));
  }

  /** @internal The root item of a side, as `WorkspaceLeaf.getRoot()` returns it. */
  rootOf(side: FakeLeafSide): object {
    return side === 'left' ? this.leftSplit : side === 'right' ? this.rightSplit : this.rootSplit;
  }

  /** Makes `leaf` active and fires `active-leaf-change` when it changes. */
  setActiveLeaf(leaf: WorkspaceLeaf, params?: { focus?: boolean } | boolean): void {
    void params;
    this.bringToFront(leaf);
    if (leaf.side === 'main') this.recentMainLeaf = leaf;
    if (leaf.openedFile !== null) this.recentFileLeaf = leaf;
    if (this.activeLeaf === leaf) return;
    this.activeLeaf = leaf;
    this.trigger('active-leaf-change', leaf);
  }

  /** The active leaf's view if it is an instance of `type`. */
  getActiveViewOfType<T extends View>(type: abstract new (...args: never[]) => T): T | null {
    const view = this.activeLeaf?.view;
    return view instanceof type ? view : null;
  }

  /** The active leaf's Markdown editor (Obsidian's `activeEditor`), or null when the active view has none. */
  get activeEditor(): MarkdownView | null {
    return this.getActiveViewOfType(MarkdownView);
  }

  /**
   * The file of the active leaf; when the active leaf shows no file (a sidebar view such as a
   * plugin's chat), the most recently active file, as Obsidian documents.
   */
  getActiveFile(): TFile | null {
    const leaf = this.activeLeaf?.openedFile ? this.activeLeaf : this.recentFileLeaf;
    return leaf?.detached === false ? leaf.openedFile : null;
  }

  /** Calls `callback` for every leaf. */
  iterateAllLeaves(callback: (leaf: WorkspaceLeaf) => unknown): void {
    for (const leaf of [...this.leaves]) callback(leaf);
  }

  /** Calls `callback` for every leaf in the main area. */
  iterateRootLeaves(callback: (leaf: WorkspaceLeaf) => unknown): void {
    for (const leaf of this.leaves.filter((item) => item.side === 'main')) callback(leaf);
  }

  /**
   * The most recently active leaf of the main area (Obsidian's default root), even while a sidebar
   * leaf is active: how a sidebar view reaches "the note the user was in".
   */
  getMostRecentLeaf(): WorkspaceLeaf | null {
    if (this.recentMainLeaf?.detached === false) return this.recentMainLeaf;
    return this.leaves.find((leaf) => leaf.side === 'main') ?? null;
  }

  /** Resolves the link, records it in `openedLinks`, and opens the file in a main leaf if it exists. */
  async openLinkText(linktext: string, sourcePath: string, newLeaf?: unknown, openViewState?: { active?: boolean }): Promise<void> {
    const file = this.app.metadataCache.getFirstLinkpathDest(linktext, sourcePath);
    this.openedLinks.push({ linktext, sourcePath, newLeaf, file, ...(openViewState !== undefined ? { openViewState } : {}) });
    if (file) await this.getLeaf(newLeaf).openFile(file, { active: openViewState?.active ?? true });
  }

  /** @internal Called by a leaf when it detaches. */
  removeLeaf(leaf: WorkspaceLeaf): void {
    const index = this.leaves.indexOf(leaf);
    if (index >= 0) this.leaves.splice(index, 1);
    if (this.frontTabs[leaf.side] === leaf) {
      delete this.frontTabs[leaf.side];
      const next = this.leaves.filter((other) => other.side === leaf.side).at(-1);
      if (next) this.bringToFront(next);
    }
    if (this.activeLeaf === leaf) {
      this.activeLeaf = null;
      this.trigger('active-leaf-change', null);
    }
    this.trigger('layout-change');
  }

  private createLeaf(side: FakeLeafSide): WorkspaceLeaf {
    const leaf = new WorkspaceLeaf(this.app, side);
    this.leaves.push(leaf);
    const splitEl = this.splitEls[side];
    if (leaf.containerEl) splitEl?.appendChild(leaf.containerEl);
    if (side !== 'main' && splitEl) this.addTab(splitEl, leaf);
    // A new tab stays behind the one in front until it is shown.
    if (side !== 'main' && this.frontTabs[side] === undefined) this.bringToFront(leaf);
    else if (side !== 'main') leaf.containerEl?.hide();
    return leaf;
  }

  // A sidebar is a tab group: a strip of tabs over its leaves, one of them in front. (The main
  // area's tabs are not modelled: its leaves all count as shown.)
  private addTab(splitEl: HTMLElement, leaf: WorkspaceLeaf): void {
    const strip = splitEl.querySelector<HTMLElement>(':scope > .workspace-tab-header-container') ?? splitEl.createDiv('workspace-tab-header-container');
    splitEl.prepend(strip);
    addTabHeader(strip, leaf, () => void this.revealLeaf(leaf));
  }

  private bringToFront(leaf: WorkspaceLeaf): void {
    if (leaf.side === 'main' || leaf.detached) return;
    this.frontTabs[leaf.side] = leaf;
    for (const other of this.leaves.filter((candidate) => candidate.side === leaf.side)) {
      other.containerEl?.toggle(other === leaf);
      other.tabHeaderEl?.toggleClass('is-active', other === leaf);
    }
  }
}
