import { ItemView, type WorkspaceLeaf } from 'obsidian';
import type { GlassboxSettingsHost } from '../settings';

/** The registered view type of the chat panel. */
export const VIEW_TYPE_GLASSBOX_CHAT = 'glassbox-chat';

/**
 * The chat panel in the right sidebar. Placeholder until the chat UI lands: it only shows a
 * title and a line of text, so the plugin can be loaded and the view opened end to end.
 */
export class ChatView extends ItemView {
  constructor(leaf: WorkspaceLeaf, private readonly host: GlassboxSettingsHost) {
    super(leaf);
    this.icon = 'message-square';
  }

  getViewType(): string {
    return VIEW_TYPE_GLASSBOX_CHAT;
  }

  getDisplayText(): string {
    return 'Glassbox chat';
  }

  protected override onOpen(): Promise<void> {
    this.contentEl.empty();
    this.contentEl.addClass('glassbox-chat-view');
    this.contentEl.createEl('h4', { text: 'Glassbox' });
    this.contentEl.createEl('p', { cls: 'glassbox-chat-placeholder', text: `Model: ${this.host.settings.model}` });
    return Promise.resolve();
  }

  protected override onClose(): Promise<void> {
    this.contentEl.empty();
    return Promise.resolve();
  }
}
