import { type App, type Component, getAllTags, MarkdownView, prepareFuzzySearch, TFile } from 'obsidian';
import type { DraftContext } from '../../chat';
import { isInsideFolder } from '../../search/folder-excluding-source';
import { expandPrompt, listPrompts, type ExpandedPrompt, type PromptNote } from '../../prompts';
import type { ContextSources, NoteSuggestion, ScopeSuggestion } from '../../ui/context/context-sources';
import type { GlassboxSettingsHost } from '../../settings';
import { vaultPromptNotes } from '../vault-prompt-notes';
import { editorSelection } from './editor-selection';

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
    private readonly settings: { readonly contextBudgetTokens: number; readonly conversationsFolder: string; readonly promptsFolder: string },
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
    // Saved conversations are the chat's own notes, not the user's: History opens them.
    const files = this.app.vault.getMarkdownFiles().filter((file) => !this.isConversation(file.path));
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

  /**
   * An image pasted or dropped into the composer: saved where Obsidian saves attachments (its
   * "Default location for new attachments"), named as Obsidian names a pasted image when the
   * clipboard gives no name, and attached as a chip. The saved conversation embeds it from there.
   */
  async attachImage(image: { readonly name: string; readonly type: string; readonly data: ArrayBuffer }): Promise<void> {
    const extension = image.type.replace(/^image\//, '').replace('jpeg', 'jpg').replace(/[^a-z0-9]/gi, '') || 'png';
    const name = image.name.trim() === '' || image.name === 'image.png' ? `Pasted image ${timestamp(new Date())}.${extension}` : image.name;
    const path = await this.app.fileManager.getAvailablePathForAttachment(name, this.app.workspace.getActiveFile()?.path);
    const file = await this.app.vault.createBinary(path, image.data);
    this.draft.addImage({ path: file.path, bytes: image.data.byteLength });
  }

  /** The notes of the prompts folder and Copilot's (DESIGN.md 12.4), read afresh each time the `/` menu opens. */
  listPrompts(): Promise<readonly PromptNote[]> {
    return listPrompts(vaultPromptNotes(this.app.vault), this.settings.promptsFolder);
  }

  /**
   * Fills a prompt from what the user has in hand: `{}` / `{selection}` is the selection chip (then
   * taken off, as the text now carries it), else the selection in the note's editor, `{activeNote}` the open note; the other variables
   * resolve over the vault as a typed link and Obsidian's tags do.
   */
  async fillPrompt(prompt: PromptNote): Promise<ExpandedPrompt & { readonly sizes: Readonly<Record<string, number>> }> {
    const { vault, metadataCache } = this.app;
    const selectionChip = this.draft.getState().chips.find((chip) => chip.kind === 'selection' && !chip.gone);
    const active = this.app.workspace.getActiveFile();
    const selection = selectionChip?.kind === 'selection' ? selectionChip.selection.text : this.editorSelectionText();
    const filled = await expandPrompt(prompt.template, {
      ...(selection !== undefined ? { selection } : {}),
      ...(active instanceof TFile && active.extension === 'md' ? { activeNote: active.path } : {}),
      resolveLink: (linktext) => metadataCache.getFirstLinkpathDest(linktext, prompt.path)?.path,
      notesWithTag: (tag) => {
        const wanted = `#${tag.replace(/^#/, '')}`.toLowerCase();
        const files = vault.getMarkdownFiles().filter((file) => {
          const cache = metadataCache.getFileCache(file);
          return (cache === null ? [] : (getAllTags(cache) ?? [])).some((found) => found.toLowerCase() === wanted || found.toLowerCase().startsWith(`${wanted}/`));
        });
        return files.sort((a, b) => b.stat.mtime - a.stat.mtime).map((file) => file.path);
      },
      notesInFolder: (folder) => vault.getMarkdownFiles().filter((file) => file.path.startsWith(`${folder}/`)).sort((a, b) => a.path.localeCompare(b.path)).map((file) => file.path),
      now: new Date(),
    });
    if (selectionChip !== undefined && filled.variables.some(({ variable }) => variable === '{}' || variable === '{selection}')) this.draft.remove(selectionChip.id);
    const sizes: Record<string, number> = {};
    for (const path of filled.notes) {
      const file = vault.getAbstractFileByPath(path);
      sizes[path] = file instanceof TFile ? file.stat.size : 0;
    }
    return { ...filled, sizes };
  }

  /**
   * The selection of the note the user was in: the chat has the focus by now (the composer's `/`),
   * but the note's editor keeps its selection, so it is read there, not from the active view.
   */
  private editorSelectionText(): string | undefined {
    const view = this.app.workspace.getMostRecentLeaf()?.view;
    if (!(view instanceof MarkdownView)) return undefined;
    return editorSelection(view.editor, view.file?.path)?.text;
  }

  private followActiveFile(): void {
    const file = this.app.workspace.getActiveFile();
    // A saved conversation read in a tab is not what the next question is about: not attached by itself.
    this.draft.setActiveNote(file instanceof TFile && file.extension === 'md' && !this.isConversation(file.path) ? { path: file.path, chars: file.stat.size } : null);
  }

  private isConversation(path: string): boolean {
    return isInsideFolder(path, this.settings.conversationsFolder);
  }
}

/** The chips' sources of a session's draft, reading the plugin's settings at each use (the settings tab edits them in place). */
export function vaultContextSourcesOf(app: App, draft: DraftContext, host: GlassboxSettingsHost): VaultContextSources {
  return new VaultContextSources(app, draft, {
    get contextBudgetTokens() {
      return host.settings.contextBudgetTokens;
    },
    get conversationsFolder() {
      return host.settings.conversationsFolder;
    },
    get promptsFolder() {
      return host.settings.promptsFolder;
    },
  });
}

/** The note's aliases from its properties (`aliases` or `alias`, a list or one string). */
function aliasesOf(app: App, file: TFile): string[] {
  const frontmatter = app.metadataCache.getFileCache(file)?.frontmatter;
  const raw: unknown = frontmatter?.aliases ?? frontmatter?.alias;
  const list: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return list.filter((alias): alias is string => typeof alias === 'string' && alias.trim() !== '');
}

/** `20261126053700`: the stamp Obsidian gives a pasted image's name. */
function timestamp(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
}
