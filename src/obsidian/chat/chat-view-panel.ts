import { createElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import type { ChatController } from '../../chat';
import { describeServerModel, type ServerModel } from '../../llm';
import type { GlassboxSettings } from '../../settings';
import { ChatPanel } from '../../ui/chat/ChatPanel';
import { FindLocalModel } from '../../ui/chat/FindLocalModel';
import { createRoot } from '../../ui/create-root';
import type { HostServices } from '../../ui/host-services';
import type { RootRegistry } from '../../ui/message/root-registry';
import { displayOptionsOf, type ReasoningDisplayOptions } from '../../ui/reasoning/display-options';
import type { FirstRun } from './first-run';
import type { VaultContextSources } from './vault-context-sources';

/** What the chat view shows, each time it draws. */
export interface ChatPanelInput {
  readonly controller: ChatController;
  readonly host: HostServices;
  readonly roots: RootRegistry;
  readonly settings: GlassboxSettings;
  /** The models the endpoint offered, for the model picker. */
  readonly offeredModels: readonly ServerModel[];
  readonly firstRun: FirstRun | undefined;
  readonly sourcePath: string;
  readonly toolbarExtras: ReactNode;
  readonly context: VaultContextSources;
}

/**
 * The chat view's React side: its one root and what it renders. The view (`./chat-view`) loads
 * this module with `import()` when it first opens, so React and the chat's components are
 * evaluated then and not when Obsidian loads the plugin (DESIGN.md 13.7).
 */
export class ChatViewPanel {
  private readonly root: Root;
  private lastDisplay: ReasoningDisplayOptions | null = null;

  constructor(container: HTMLElement) {
    this.root = createRoot(container);
  }

  /** Draws the chat; `sync` paints at once (the view's first paint, so it is never an empty pane). */
  render(input: ChatPanelInput, sync = false): void {
    const node = this.panel(input);
    if (sync) flushSync(() => this.root.render(node));
    else this.root.render(node);
  }

  unmount(): void {
    this.root.unmount();
  }

  private panel(input: ChatPanelInput): ReactNode {
    const { settings, firstRun } = input;
    const offered = input.offeredModels.map((model) => ({ name: model.id, detail: describeServerModel(model) }));
    // Same values, same object: messages re-render only when a display setting really changed.
    this.lastDisplay = displayOptionsOf(settings, this.lastDisplay);
    return createElement(ChatPanel, {
      controller: input.controller,
      host: input.host,
      roots: input.roots,
      display: this.lastDisplay,
      models: [offered.find((option) => option.name === settings.model) ?? { name: settings.model }, ...offered.filter((option) => option.name !== settings.model)],
      banner: firstRun?.needed() ? createElement(FindLocalModel, { find: () => firstRun.find(), use: (server, model) => firstRun.use(server, model) }) : undefined,
      sourcePath: input.sourcePath,
      toolbarExtras: input.toolbarExtras,
      context: input.context,
    });
  }
}
