import { parseFrontMatterAliases, TFile, type App } from 'obsidian';
import type { QuestionScope } from '../../agent';
import { visibleConversationText } from '../../conversation';
import { linkpathOf, resolveLinkOrAlias, type ContextNotes } from '../../search/context';
import { isInsideFolder } from '../../search/folder-excluding-source';

/**
 * {@link ContextNotes} on Obsidian's API: notes from the vault, `[[links]]` through
 * `metadataCache.getFirstLinkpathDest` (Obsidian's own resolution) and then the notes' frontmatter
 * aliases, by the one rule the CLI uses too (`resolveLinkOrAlias`). `countInScope` comes from the
 * vault index when it is built. A saved conversation (a note in `conversationsFolder`) goes as
 * its visible text, without its reasoning blocks and trailers, and is marked as one the vault
 * tools refuse.
 */
export function obsidianContextNotes(app: App, options: { readonly conversationsFolder: string; readonly countInScope?: (scope: QuestionScope) => Promise<number> }): ContextNotes {
  const { conversationsFolder, countInScope } = options;
  const isConversation = (path: string) => isInsideFolder(path, conversationsFolder);
  let aliases: Map<string, string[]> | undefined;
  const byAlias = (alias: string): readonly string[] => {
    if (!aliases) {
      aliases = new Map();
      for (const file of app.vault.getMarkdownFiles()) {
        for (const name of parseFrontMatterAliases(app.metadataCache.getFileCache(file)?.frontmatter) ?? []) aliases.set(name.toLowerCase(), [...(aliases.get(name.toLowerCase()) ?? []), file.path]);
      }
    }
    return aliases.get(alias) ?? [];
  };
  const fileAt = (path: string) => app.vault.getFileByPath(path);
  return {
    has: (path) => fileAt(path) instanceof TFile,
    read: async (path) => {
      const text = await app.vault.cachedRead(fileAt(path)!);
      return isConversation(path) ? (visibleConversationText(text) ?? text) : text;
    },
    readableByTools: (path) => !isConversation(path),
    resolve: (linktext, sourcePath) => resolveLinkOrAlias(linktext, { byLinkpath: (text, from) => app.metadataCache.getFirstLinkpathDest(linkpathOf(text), from)?.path, byAlias }, sourcePath),
    ...(countInScope ? { countInScope } : {}),
  };
}
