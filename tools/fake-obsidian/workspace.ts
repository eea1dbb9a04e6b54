import type { App } from './app';
import { Events } from './events';
import type { TFile } from './files';
import type { View } from './view';
import { WorkspaceLeaf, type FakeLeafSide } from './workspace-leaf';

/** A sidebar: collapsed or expanded. */
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
}

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
  /** The workspace element (in `document.body` when there is a document). */
  containerEl: HTMLElement;
  /** Fake-only: the ribbon, where `addRibbonIcon` puts its icons. */
  ribbonEl: HTMLElement;
  /** Fake-only: every `openLinkText` call, in order. */
  readonly openedLinks: FakeOpenedLink[] = [];
  private readonly leaves: WorkspaceLeaf[] = [];
  private readonly layoutReadyCallbacks: (() => unknown)[] = [];
  private readonly splitEls: Record<FakeLeafSide, HTMLElement | null>;

  constructor(private readonly app: App, options: { layoutReady?: boolean } = {}) {
    super();
    this.layoutReady = options.layoutReady ?? true;
    if (typeof document !== 'undefined') {
      this.containerEl = document.body.createDiv('workspace');
      this.ribbonEl = this.containerEl.createDiv('workspace-ribbon side-dock-ribbon mod-left');
      this.splitEls = {
        left: this.containerEl.createDiv('workspace-split mod-left-split'),
        main: this.containerEl.createDiv('workspace-split mod-root'),
        right: this.containerEl.createDiv('workspace-split mod-right-split'),
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

  /** Shows the leaf: expands its sidebar and makes it active. */
  revealLeaf(leaf: WorkspaceLeaf): Promise<void> {
    if (leaf.side === 'right') this.rightSplit.expand();
    if (leaf.side === 'left') this.leftSplit.expand();
    this.setActiveLeaf(leaf, { focus: true });
    return Promise.resolve();
  }

  /** Makes `leaf` active and fires `active-leaf-change` when it changes. */
  setActiveLeaf(leaf: WorkspaceLeaf, params?: { focus?: boolean } | boolean): void {
    void params;
    if (this.activeLeaf === leaf) return;
    this.activeLeaf = leaf;
    this.trigger('active-leaf-change', leaf);
  }

  /** The active leaf's view if it is an instance of `type`. */
  getActiveViewOfType<T extends View>(type: abstract new (...args: never[]) => T): T | null {
    const view = this.activeLeaf?.view;
    return view instanceof type ? view : null;
  }

  /** The file open in the active leaf, if any. */
  getActiveFile(): TFile | null {
    return this.activeLeaf?.openedFile ?? null;
  }

  /** Calls `callback` for every leaf. */
  iterateAllLeaves(callback: (leaf: WorkspaceLeaf) => unknown): void {
    for (const leaf of [...this.leaves]) callback(leaf);
  }

  /** Calls `callback` for every leaf in the main area. */
  iterateRootLeaves(callback: (leaf: WorkspaceLeaf) => unknown): void {
    for (const leaf of this.leaves.filter((item) => item.side === 'main')) callback(leaf);
  }

  /** The most recently active main leaf. */
  getMostRecentLeaf(): WorkspaceLeaf | null {
    return this.activeLeaf ?? this.leaves.find((leaf) => leaf.side === 'main') ?? null;
  }

  /** Resolves the link, records it in `openedLinks`, and opens the file in a main leaf if it exists. */
  async openLinkText(linktext: string, sourcePath: string, newLeaf?: unknown, openViewState?: { active?: boolean }): Promise<void> {
    const file = this.app.metadataCache.getFirstLinkpathDest(linktext, sourcePath);
    this.openedLinks.push({ linktext, sourcePath, newLeaf, file });
    if (file) await this.getLeaf(newLeaf).openFile(file, { active: openViewState?.active ?? true });
  }

  /** @internal Called by a leaf when it detaches. */
  removeLeaf(leaf: WorkspaceLeaf): void {
    const index = this.leaves.indexOf(leaf);
    if (index >= 0) this.leaves.splice(index, 1);
    if (this.activeLeaf === leaf) {
      this.activeLeaf = null;
      this.trigger('active-leaf-change', null);
    }
    this.trigger('layout-change');
  }

  private createLeaf(side: FakeLeafSide): WorkspaceLeaf {
    const leaf = new WorkspaceLeaf(this.app, side);
    this.leaves.push(leaf);
    if (leaf.containerEl) this.splitEls[side]?.appendChild(leaf.containerEl);
    return leaf;
  }
}
