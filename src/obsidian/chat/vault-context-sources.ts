import { type App, type Component, getAllTags, prepareFuzzySearch, TFile } from 'obsidian';
import type { DraftContext } from '../../chat';
import type { ContextSources, NoteSuggestion, ScopeSuggestion } from '../../ui/context/context-sources';

/**
 * The chips' sources on Obsidian (DESIGN.md 11.1): the draft of what the next question carries,
 * kept in step with the workspace (the open note follows the active file) and the vault (renames
 * followed, deletions marked); suggestions through Obsidian's own fuzzy matching, on titles and
 * aliases for notes, on paths and tag names for the scope.
 */
export class VaultContextSources implements ContextSources {
  constructor(
    private readonly app: App,
    /** The draft of the session the view shows. */
    readonly draft: DraftContext,
    private readonly settings: { readonly contextBudgetTokens: number },
  ) {}

  /** Follows the workspace and the vault for as long as `owner` (the chat view) is loaded. */
  bind(owner: Component): void {
    const { workspace, vault } = this.app;
    owner.registerEvent(workspace.on('file-open', () => this.followActiveFile()));
    owner.registerEvent(workspace.on('active-leaf-change', () => this.followActiveFile()));
    owner.registerEvent(vault.on('rename', (file, oldPath) => this.draft.renamed(oldPath, file.path)));
    owner.registerEvent(vault.on('delete', (file) => this.draft.deleted(file.path)));
    this.followActiveFile();
  }

  budgetTokens(): number {
    return this.settings.contextBudgetTokens;
  }

  suggestNotes(query: string, limit: number): readonly NoteSuggestion[] {
    const files = this.app.vault.getMarkdownFiles();
    if (query.trim() === '') {
      // Nothing typed yet: the notes changed last, as Obsidian's switcher starts with recent ones.
      return [...files].sort((a, b) => b.stat.mtime - a.stat.mtime).slice(0, limit).map((file) => ({ path: file.path, label: file.basename, matches: [], chars: file.stat.size }));
    }
    const match = prepareFuzzySearch(query);
    const scored: { suggestion: NoteSuggestion; score: number }[] = [];
    for (const file of files) {
      let best: { suggestion: NoteSuggestion; score: number } | null = null;
      for (const alias of [null, ...aliasesOf(this.app, file)]) {
        const label = alias ?? file.basename;
        const result = match(label);
        if (result === null || (best !== null && result.score <= best.score)) continue;
        best = { score: result.score, suggestion: { path: file.path, label, matches: result.matches, chars: file.stat.size, ...(alias !== null ? { title: file.basename } : {}) } };
      }
      if (best !== null) scored.push(best);
    }
    return scored.sort((a, b) => b.score - a.score || a.suggestion.path.length - b.suggestion.path.length).slice(0, limit).map((entry) => entry.suggestion);
  }

  suggestScopes(query: string, limit: number): readonly ScopeSuggestion[] {
    const folders = this.app.vault.getAllFolders(false).map((folder) => folder.path);
    const tags = new Set<string>();
    for (const file of this.app.vault.getMarkdownFiles()) {
      const cache = this.app.metadataCache.getFileCache(file);
      for (const tag of cache === null ? [] : (getAllTags(cache) ?? [])) tags.add(tag.replace(/^#/, ''));
    }
    const candidates: { kind: 'folder' | 'tag'; value: string }[] = [...folders.sort().map((value) => ({ kind: 'folder' as const, value })), ...[...tags].sort().map((value) => ({ kind: 'tag' as const, value }))];
    const match = prepareFuzzySearch(query.replace(/^#/, ''));
    const scored: { suggestion: ScopeSuggestion; score: number }[] = [];
    for (const candidate of candidates) {
      const result = match(candidate.value);
      if (result !== null) scored.push({ score: result.score, suggestion: { ...candidate, matches: result.matches } });
    }
    // A leading `#` asks for tags.
    const wanted = query.startsWith('#') ? scored.filter((entry) => entry.suggestion.kind === 'tag') : scored;
    return wanted.sort((a, b) => b.score - a.score).slice(0, limit).map((entry) => entry.suggestion);
  }

  private followActiveFile(): void {
    const file = this.app.workspace.getActiveFile();
    this.draft.setActiveNote(file instanceof TFile && file.extension === 'md' ? { path: file.path, chars: file.stat.size } : null);
  }
}

/** The note's aliases from its properties (`aliases` or `alias`, a list or one string). */
function aliasesOf(app: App, file: TFile): string[] {
  const frontmatter = app.metadataCache.getFileCache(file)?.frontmatter;
  const raw: unknown = frontmatter?.aliases ?? frontmatter?.alias;
  const list: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return list.filter((alias): alias is string => typeof alias === 'string' && alias.trim() !== '');
}
