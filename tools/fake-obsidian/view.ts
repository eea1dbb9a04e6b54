import type { App } from './app';
import { Component } from './component';
import type { WorkspaceLeaf } from './workspace-leaf';

/** Obsidian's `View`: the content of a leaf. */
export abstract class View extends Component {
  /** The app. */
  app: App;
  /** Icon id. */
  icon = '';
  /** Whether the view takes part in navigation history. */
  navigation = false;
  /** The leaf that shows the view. */
  leaf: WorkspaceLeaf;
  /** The view's root element (header + content). */
  containerEl: HTMLElement;

  constructor(leaf: WorkspaceLeaf) {
    super();
    this.leaf = leaf;
    this.app = leaf.app;
    this.containerEl = createContainer();
  }

  /** Called once the view is in its leaf. */
  protected onOpen(): Promise<void> {
    return Promise.resolve();
  }

  /** Called when the view leaves its leaf. */
  protected onClose(): Promise<void> {
    return Promise.resolve();
  }

  /** The registered type. */
  abstract getViewType(): string;

  /** The tab title. */
  abstract getDisplayText(): string;

  /** Serializable state. */
  getState(): Record<string, unknown> {
    return {};
  }

  /** Restores state. */
  setState(state: unknown, result: { history: boolean }): Promise<void> {
    void state;
    void result;
    return Promise.resolve();
  }

  /** The icon id. */
  getIcon(): string {
    return this.icon;
  }

  /** Called when the leaf is resized. */
  onResize(): void {}

  /** @internal Opens the view: load, then `onOpen`. */
  async open(): Promise<void> {
    this.load();
    await this.onOpen();
  }

  /** @internal Closes the view: `onClose`, then unload. */
  async close(): Promise<void> {
    await this.onClose();
    this.unload();
  }
}

/** Obsidian's `ItemView`: a view with a header and a content element. */
export abstract class ItemView extends View {
  /** Where the view renders (`containerEl.children[1]`). */
  contentEl: HTMLElement;

  constructor(leaf: WorkspaceLeaf) {
    super(leaf);
    this.contentEl = this.containerEl.children[1] as HTMLElement;
  }

  /** Adds a header action button. */
  addAction(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
    const actions = this.containerEl.children[0].querySelector('.view-actions') as HTMLElement;
    const button = actions.createEl('button', { cls: 'clickable-icon view-action', attr: { 'aria-label': title, 'data-icon': icon } });
    button.addEventListener('click', callback);
    return button;
  }
}

/** The empty view a leaf shows before anything is opened in it. */
export class EmptyView extends ItemView {
  getViewType(): string {
    return 'empty';
  }

  getDisplayText(): string {
    return 'New tab';
  }
}

/**
 * The placeholder a deferred leaf shows (Obsidian's `DeferredView`, 1.7.2+): it reports the
 * type the leaf will have, but it is not that view; `leaf.loadIfDeferred()` or revealing the
 * leaf replaces it with the real one.
 */
export class DeferredView extends ItemView {
  constructor(
    leaf: WorkspaceLeaf,
    /** The view state to load later, and the tab's title as the saved layout kept it (Obsidian 1.7.2+ saves it). */
    readonly deferredState: { type: string; state?: Record<string, unknown>; title?: string },
  ) {
    super(leaf);
  }

  getViewType(): string {
    return this.deferredState.type;
  }

  getDisplayText(): string {
    return this.deferredState.title ?? '';
  }
}

function createContainer(): HTMLElement {
  if (typeof document === 'undefined') return {} as HTMLElement;
  const container = createDiv();
  container.className = 'workspace-leaf-content';
  const header = container.createDiv('view-header');
  header.createDiv('view-actions');
  container.createDiv('view-content');
  return container;
}
