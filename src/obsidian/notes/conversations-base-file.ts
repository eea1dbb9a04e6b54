import { normalizePath, type Vault } from 'obsidian';
import { CONVERSATIONS_BASE_NAME, conversationsBaseText } from '../../conversation';
import type { GlassboxSettingsHost } from '../../settings';

/**
 * Puts `Conversations.base` (a table of the saved conversations, DESIGN.md 12.3) into the
 * conversations folder once: when the folder exists and Glassbox has not done so there before.
 * A file already there — the user's, or ours edited — is never written over, and one the user
 * deleted is not brought back (the folder is remembered in the plugin's data).
 */
export class ConversationsBaseFile {
  private running: Promise<void> | null = null;

  constructor(private readonly options: { readonly vault: Vault; readonly host: GlassboxSettingsHost }) {}

  /** Writes the Base if it is due; concurrent calls share one attempt. */
  ensure(): Promise<void> {
    this.running ??= this.writeOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async writeOnce(): Promise<void> {
    const { vault, host } = this.options;
    const folder = normalizePath(host.settings.conversationsFolder);
    if (host.settings.conversationsBases.includes(folder) || vault.getFolderByPath(folder) === null) return;
    const path = `${folder}/${CONVERSATIONS_BASE_NAME}`;
    if (vault.getAbstractFileByPath(path) === null) await vault.create(path, conversationsBaseText(folder));
    host.settings.conversationsBases = [...host.settings.conversationsBases, folder];
    await host.saveSettings();
  }
}
