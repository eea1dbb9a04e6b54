import { TFile, type App, type FrontMatterCache } from 'obsidian';
import type { QuestionScope } from '../agent';
import { linkpathOf, resolveLinkOrAlias, type ContextNotes } from '../search';

/**
 * {@link ContextNotes} on Obsidian's API: notes from the vault, `[[links]]` through
 * `metadataCache.getFirstLinkpathDest` (Obsidian's own resolution) and then the notes' frontmatter
 * aliases, by the one rule the CLI uses too (`resolveLinkOrAlias`). `countInScope` comes from the
 * vault index when it is built.
 */
export function obsidianContextNotes(app: App, countInScope?: (scope: QuestionScope) => number): ContextNotes {
  let aliases: Map<string, string[]> | undefined;
  const byAlias = (alias: string): readonly string[] => {
    if (aliases === undefined) {
      aliases = new Map();
      for (const file of app.vault.getMarkdownFiles()) {
        for (const name of aliasesOf(app.metadataCache.getFileCache(file)?.frontmatter)) {
          const key = name.trim().toLowerCase();
          aliases.set(key, [...(aliases.get(key) ?? []), file.path]);
        }
      }
    }
    return aliases.get(alias) ?? [];
  };
  return {
    has: (path) => app.vault.getFileByPath(path) instanceof TFile,
    read: (path) => {
      const file = app.vault.getFileByPath(path);
      return file === null ? Promise.reject(new Error('not found')) : app.vault.cachedRead(file);
    },
    resolve: (linktext, sourcePath) => resolveLinkOrAlias(linktext, { byLinkpath: (text, from) => app.metadataCache.getFirstLinkpathDest(linkpathOf(text), from)?.path, byAlias }, sourcePath),
    ...(countInScope !== undefined ? { countInScope } : {}),
  };
}

/** `aliases` (or `alias`) of a note's frontmatter: a list, or one string (comma-separated, as Obsidian reads it). */
function aliasesOf(frontmatter: FrontMatterCache | undefined): string[] {
  const raw: unknown = frontmatter?.aliases ?? frontmatter?.alias;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return list.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '');
}
