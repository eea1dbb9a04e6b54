import { MarkdownView } from './markdown-view';
import type { View } from './view';
import type { Workspace } from './workspace';
import type { WorkspaceLeaf } from './workspace-leaf';

/** Builds a view for a leaf, as Obsidian's `ViewCreator`. */
export type FakeViewCreator = (leaf: WorkspaceLeaf) => View;

/** The app's view types. Unregistering a type closes its leaves, as disabling a plugin does. */
export class ViewRegistry {
  private readonly creators = new Map<string, FakeViewCreator>();

  constructor(private readonly getWorkspace: () => Workspace) {}

  /** Registers a type; a type can only be registered once at a time. */
  registerView(type: string, creator: FakeViewCreator): void {
    if (this.creators.has(type)) throw new Error(`Attempting to register an existing view type "${type}"`);
    this.creators.set(type, creator);
  }

  /** Unregisters a type and closes its leaves. */
  unregisterView(type: string): void {
    this.creators.delete(type);
    this.getWorkspace().detachLeavesOfType(type);
  }

  /** The creator of a type, if registered; `markdown` is the app's own (notes open in a {@link MarkdownView}). */
  getCreator(type: string): FakeViewCreator | undefined {
    return this.creators.get(type) ?? (type === 'markdown' ? (leaf) => new MarkdownView(leaf) : undefined);
  }

  /** Whether a type is registered. */
  isRegistered(type: string): boolean {
    return this.creators.has(type);
  }
}
