import type { DraftContext } from '../../chat';
import type { ExpandedPrompt, PromptNote } from '../../prompts';

/** A note the `[[` suggester offers: its path, the title or alias that matched, where, and its size. */
export interface NoteSuggestion {
  readonly path: string;
  /** What is shown and matched: the note's title, or one of its aliases. */
  readonly label: string;
  /** Set when `label` is an alias (the title is then shown beside it). */
  readonly title?: string;
  /** Matched ranges `[start, end)` in `label`, for highlighting. */
  readonly matches: readonly (readonly [number, number])[];
  readonly chars: number;
}

/** A folder (vault-relative) or tag (without `#`) the scope suggester offers. */
export interface ScopeSuggestion {
  readonly kind: 'folder' | 'tag';
  readonly value: string;
  readonly matches: readonly (readonly [number, number])[];
}

/**
 * Where the chips come from (the vault, through Obsidian's fuzzy matching) and the draft they
 * fill. The host implements it; without one, the chat has no chips.
 */
export interface ContextSources {
  readonly draft: DraftContext;
  /** Notes whose title or an alias matches `query`, best first. */
  suggestNotes(query: string, limit: number): readonly NoteSuggestion[];
  /** Folders and tags matching `query`, best first. */
  suggestScopes(query: string, limit: number): readonly ScopeSuggestion[];
  /** The context budget in estimated tokens (a setting). */
  budgetTokens(): number;
  /** Saves an image pasted or dropped into the composer as an attachment of the vault and adds its chip; without it images are not taken. */
  attachImage?(image: { readonly name: string; readonly type: string; readonly data: ArrayBuffer }): Promise<void>;
  /** The custom prompts (DESIGN.md 12.4) for the `/` menu; without it the menu does not open. */
  listPrompts?(): Promise<readonly PromptNote[]>;
  /** Fills a prompt's variables from the editor (selection, open note) and the vault; the notes it names with their sizes. */
  fillPrompt?(prompt: PromptNote): Promise<ExpandedPrompt & { readonly sizes: Readonly<Record<string, number>> }>;
}
