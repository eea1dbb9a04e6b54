import { useId, useMemo, useState } from 'react';
import type { ContextSources } from './context-sources';
import { SuggestionList } from './SuggestionList';
import { useSuggestionKeys } from './useSuggestionKeys';
import { t } from '../../i18n';
import { focusOnMount } from '../focus-on-mount';

const LIMIT = 12;

/**
 * The folder-or-tag suggester: an input that filters the vault's folders and tags with
 * Obsidian's fuzzy matching; the choice becomes a scope chip. Keyboard first; Escape closes.
 */
export function ScopePicker({ sources, onDone }: { readonly sources: ContextSources; readonly onDone: () => void }) {
  const [query, setQuery] = useState('');
  const listId = useId();
  const items = useMemo(() => sources.suggestScopes(query, LIMIT), [sources, query]);
  const pick = (index: number): void => {
    const item = items[index];
    if (item !== undefined) sources.draft.addScope(item.kind, item.value);
    onDone();
  };
  const keys = useSuggestionKeys({ count: items.length, open: true, onPick: pick, onClose: onDone });
  return (
    <div className="glassbox-scope-picker">
      <input
        type="text"
        className="glassbox-scope-input"
        data-testid="scope-input"
        role="combobox"
        aria-label={t('context.scopeInput')}
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={keys.active >= 0 ? `${listId}-${keys.active}` : undefined}
        aria-autocomplete="list"
        placeholder={t('context.scopePlaceholder')}
        // The user asked for the picker: typing goes to it at once.
        ref={focusOnMount}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          keys.setActive(0);
        }}
        onKeyDown={(event) => void keys.onKeyDown(event)}
        onBlur={onDone}
      />
      <SuggestionList
        id={listId}
        label={t('context.foldersAndTags')}
        items={items.map((item) => ({ key: `${item.kind}:${item.value}`, label: item.kind === 'tag' ? `#${item.value}` : item.value, matches: item.kind === 'tag' ? item.matches.map(([start, end]) => [start + 1, end + 1] as const) : item.matches, note: item.kind === 'tag' ? t('context.kindTag') : t('context.kindFolder') }))}
        active={keys.active}
        empty={t('context.noScope')}
        onPick={pick}
        onHover={keys.setActive}
      />
    </div>
  );
}
