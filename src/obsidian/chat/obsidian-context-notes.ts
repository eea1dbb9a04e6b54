import { parseFrontMatterAliases, TFile, type App } from 'obsidian';
import type { QuestionScope } from '../../agent';
import { linkpathOf, resolveLinkOrAlias, type ContextNotes } from '../../search/context';

/**
 * {@link ContextNotes} on Obsidian's API: notes from the vault, `[[links]]` through
 * `metadataCache.getFirstLinkpathDest` (Obsidian's own resolution) and then the notes' frontmatter
 * aliases, by the one rule the CLI uses too (`resolveLinkOrAlias`). `countInScope` comes from the
 * vault index when it is built.
 */
export function obsidianContextNotes(app: App, countInScope?: (scope: QuestionScope) => Promise<number>): ContextNotes {
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
    read: (path) => app.vault.cachedRead(fileAt(path)!),
    resolve: (linktext, sourcePath) => resolveLinkOrAlias(linktext, { byLinkpath: (text, from) => app.metadataCache.getFirstLinkpathDest(linkpathOf(text), from)?.path, byAlias }, sourcePath),
    ...(countInScope ? { countInScope } : {}),
  };
}
