import { type KeyboardEvent, useMemo, useState } from 'react';
import type { ContextSources, NoteSuggestion } from './context-sources';
import { linkQueryAt } from './link-query';
import { useSuggestionKeys } from './useSuggestionKeys';

const LIMIT = 8;

/** What the composer needs to run the `[[` suggester over its text. */
export interface NoteSuggest {
  readonly open: boolean;
  readonly items: readonly NoteSuggestion[];
  readonly active: number;
  readonly setActive: (index: number) => void;
  readonly pick: (index: number) => void;
  /** Handles the suggester's keys; true when it used the key (the composer then ignores it). */
  readonly onKeyDown: (event: KeyboardEvent) => boolean;
}

/**
 * The `[[` note suggester of the composer: open while the caret follows an unfinished `[[`;
 * the pick puts the note's name in place of the typed `[[query` and attaches the note as a chip. Escape
 * closes it until the user types another `[[`.
 */
export function useNoteSuggest(options: { sources: ContextSources | null; text: string; caret: number; setText: (text: string, caret: number) => void }): NoteSuggest {
  const { sources, text, caret } = options;
  const link = sources === null ? null : linkQueryAt(text, caret);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const open = link !== null && link.start !== dismissed;
  const query = open ? link.query : null;
  const items = useMemo(() => (sources === null || query === null ? [] : sources.suggestNotes(query, LIMIT)), [sources, query]);
  const pick = (index: number): void => {
    const item = items[index];
    if (link === null || item === undefined || sources === null) return;
    // An editor may have closed the brackets already: `[[que|]]`.
    const after = text.startsWith(']]', caret) ? caret + 2 : caret;
    // The sentence keeps the note's name where the link was ("Compare with Pricing experiment");
    // the chip carries the note itself, so removing the chip really leaves it out.
    options.setText(text.slice(0, link.start) + item.label + text.slice(after), link.start + item.label.length);
    sources.draft.addNote({ path: item.path, chars: item.chars });
  };
  const keys = useSuggestionKeys({ count: items.length, open, onPick: pick, onClose: () => setDismissed(link?.start ?? null) });
  return { open, items, active: keys.active, setActive: keys.setActive, pick, onKeyDown: keys.onKeyDown };
}
