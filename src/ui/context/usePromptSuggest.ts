import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { matchPrompts, promptUse, type PromptMatch, type PromptNote } from '../../prompts';
import type { ContextSources } from './context-sources';
import { useSuggestionKeys } from './useSuggestionKeys';

const LIMIT = 8;

/** What the composer needs to run the `/` prompt menu over its text. */
export interface PromptSuggest {
  readonly open: boolean;
  /** True until the prompts are read the first time the menu opens. */
  readonly loading: boolean;
  readonly items: readonly PromptMatch[];
  readonly active: number;
  readonly setActive: (index: number) => void;
  readonly pick: (index: number) => void;
  readonly onKeyDown: (event: KeyboardEvent) => boolean;
}

/**
 * The `/` menu of the composer (DESIGN.md 12.4): open while the text is `/` and a query with the
 * caret at its end (a query with a space while a prompt's name begins with it); the pick fills the composer with the prompt, its variables filled, attaches the
 * notes they name as chips, and tells the draft which prompt it was (the trace names it). Escape
 * closes it until the text changes.
 */
export function usePromptSuggest(options: { sources: ContextSources | null; text: string; caret: number; setText: (text: string, caret: number) => void }): PromptSuggest {
  const { sources, text, caret } = options;
  // One line after `/`: a prompt's name may hold spaces ("New prompt 1").
  const query = sources?.listPrompts === undefined || caret !== text.length ? null : (/^\/([^\n]*)$/.exec(text)?.[1] ?? null);
  const [prompts, setPrompts] = useState<readonly PromptNote[] | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // Closed (Escape, a pick) until the text changes: a bare `/` typed later opens it again.
  useEffect(() => {
    if (dismissed !== null && text !== dismissed) setDismissed(null);
  }, [text, dismissed]);
  const asked = query !== null && text !== dismissed;
  const items = useMemo(() => (query === null || prompts === null ? [] : matchPrompts(prompts, query, LIMIT)), [prompts, query]);
  // With a space, it stays open only while a prompt's name begins so: "/ what" is a question.
  const open = asked && (!/\s/.test(query) || items.length > 0);
  // Read when the menu opens (a prompt note may have been added since the last time).
  useEffect(() => {
    if (!asked || sources?.listPrompts === undefined) return;
    let current = true;
    void sources.listPrompts().then((listed) => {
      if (current) setPrompts(listed);
    });
    return () => {
      current = false;
    };
  }, [asked, sources]);
  const pick = (index: number): void => {
    const item = items[index];
    if (item === undefined || sources?.fillPrompt === undefined) return;
    setDismissed(text);
    void sources.fillPrompt(item.prompt).then((filled) => {
      for (const path of filled.notes) sources.draft.addNote({ path, chars: filled.sizes[path] ?? 0 });
      sources.draft.usePrompt(promptUse(item.prompt, filled.variables));
      options.setText(filled.question, filled.question.length);
    });
  };
  const keys = useSuggestionKeys({ count: items.length, open, onPick: pick, onClose: () => setDismissed(text) });
  return { open, loading: open && prompts === null, items, active: keys.active, setActive: keys.setActive, pick, onKeyDown: keys.onKeyDown };
}
