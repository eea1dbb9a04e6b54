import { scopeFilter } from '../note-filter';
import { resolveLinkOrAlias } from '../resolve-link';
import type { VaultIndex } from '../vault-index';
import type { VaultSource } from '../vault-source';
import type { ContextNotes } from './context-notes';

/**
 * {@link ContextNotes} over a built index (the CLI): links resolve by the index's copy of
 * Obsidian's rules, then by the notes' frontmatter aliases. `extraPaths` are notes that exist
 * though the index leaves them out (a `--note` in the conversations folder).
 */
export function indexContextNotes(options: { index: VaultIndex; source: VaultSource; extraPaths?: readonly string[] }): ContextNotes {
  const { index, source } = options;
  const extra = new Set(options.extraPaths ?? []);
  let aliases: Map<string, string[]> | undefined;
  const byAlias = (alias: string): readonly string[] => {
    if (aliases === undefined) {
      aliases = new Map();
      for (const note of index.allNotes()) {
        for (const name of note.aliases) {
          const key = name.trim().toLowerCase();
          aliases.set(key, [...(aliases.get(key) ?? []), note.path]);
        }
      }
    }
    return aliases.get(alias) ?? [];
  };
  return {
    has: (path) => extra.has(path) || index.note(path) !== undefined,
    read: (path) => source.read(path),
    resolve: (linktext, sourcePath) => resolveLinkOrAlias(linktext, { byLinkpath: (text, from) => index.resolveLink(text, from), byAlias }, sourcePath),
    countInScope: (scope) => index.allNotes().filter(scopeFilter(scope)).length,
  };
}

