import { TFile, type Vault } from 'obsidian';
import type { PromptNotes } from '../prompts';

/**
 * The vault as the prompts library reads it (`listPrompts`): every Markdown note's path, and a
 * note's text from Obsidian's cache. Shared by the prompt commands and the chat's `/` menu.
 */
export function vaultPromptNotes(vault: Vault): PromptNotes {
  return {
    listPaths: () => vault.getMarkdownFiles().map((file) => file.path),
    read: async (path) => {
      const file = vault.getAbstractFileByPath(path);
      // Never shown (listPrompts skips a note it cannot read), so not in the tables.
      if (!(file instanceof TFile)) throw new Error(`${path} is not a note`);
      return vault.cachedRead(file);
    },
  };
}
