import { Plugin, type WorkspaceLeaf } from 'obsidian';
import { ChatView, VIEW_TYPE_GLASSBOX_CHAT } from './obsidian/chat-view';
import { GlassboxSettingTab } from './obsidian/settings-tab';
import { loadGlassboxSettings, type GlassboxSettings, type GlassboxSettingsHost, type LoadedSettings } from './settings';

/**
 * The Glassbox plugin: loads settings, registers the chat view, its ribbon icon and command, and
 * the settings tab. Wiring only; everything it registers is undone on unload by Obsidian
 * through the `register*`/`add*` helpers.
 */
export default class GlassboxPlugin extends Plugin implements GlassboxSettingsHost {
  /** Current settings; unknown keys from `data.json` are kept for the next save. */
  override settings: LoadedSettings<GlassboxSettings> = loadGlassboxSettings(null);

  override async onload(): Promise<void> {
    await this.loadSettings();
    this.registerView(VIEW_TYPE_GLASSBOX_CHAT, (leaf) => new ChatView(leaf, this));
    this.addRibbonIcon('message-square', 'Open chat', () => void this.activateChatView());
    this.addCommand({ id: 'open-chat', name: 'Open chat', callback: () => void this.activateChatView() });
    this.addSettingTab(new GlassboxSettingTab({ app: this.app, plugin: this, host: this }));
  }

  /** Shows the chat view in the right sidebar, reusing the open one if there is one. */
  async activateChatView(): Promise<WorkspaceLeaf | null> {
    const { workspace } = this.app;
    let leaf: WorkspaceLeaf | null = workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT)[0] ?? null;
    if (leaf === null) {
      leaf = workspace.getRightLeaf(false);
      if (leaf === null) return null;
      await leaf.setViewState({ type: VIEW_TYPE_GLASSBOX_CHAT, active: true });
    }
    await workspace.revealLeaf(leaf);
    return leaf;
  }

  /** Reads `data.json` over the defaults. */
  async loadSettings(): Promise<void> {
    this.settings = loadGlassboxSettings(await this.loadData());
  }

  /** Writes the settings (unknown keys included) to `data.json`. */
  async saveSettings(): Promise<void> {
    await this.saveData(this.settings);
  }
}

export { GlassboxPlugin };
