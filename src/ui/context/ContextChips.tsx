import { useState, useSyncExternalStore } from 'react';
import type { ContextChip } from '../../chat';
import { describeBytes, estimateTokens } from '../../agent';
import type { ContextSources } from './context-sources';
import { ScopePicker } from './ScopePicker';
import { compactTokens, tokenLabel } from './token-label';
import { t } from '../../i18n';

/**
 * The chips above the composer (DESIGN.md 11.1): what the next question carries, each removable,
 * notes with their estimated size, and a warning before sending when they exceed the context
 * budget. A button adds a folder or tag scope.
 */
export function ContextChips({ sources, onDone }: { readonly sources: ContextSources; readonly onDone: () => void }) {
  const { draft } = sources;
  const { chips, tokens } = useSyncExternalStore(draft.subscribe, draft.getState);
  const [picking, setPicking] = useState(false);
  const budget = sources.budgetTokens();
  const selection = chips.find((chip) => chip.kind === 'selection');
  return (
    <div className="glassbox-context" data-testid="context-chips">
      <div className="glassbox-chips" role="list" aria-label={t('context.attached')}>
        {chips.map((chip) => (
          <Chip key={chip.id} chip={chip} onRemove={() => draft.remove(chip.id)} />
        ))}
        {picking ? (
          <ScopePicker
            sources={sources}
            onDone={() => {
              setPicking(false);
              onDone();
            }}
          />
        ) : (
          <button type="button" className="glassbox-chip-add" data-testid="add-scope" onClick={() => setPicking(true)}>
            {t('context.limitScope')}
          </button>
        )}
      </div>
      {selection?.kind === 'selection' && !selection.gone ? (
        <blockquote className="glassbox-selection-quote" data-testid="selection-quote">
          {selection.selection.text}
        </blockquote>
      ) : null}
      {tokens > budget ? (
        <p className="glassbox-context-over" role="status" data-testid="context-over-budget">
          {t('context.overBudget', { tokens: compactTokens(tokens), budget: compactTokens(budget) })}
        </p>
      ) : null}
    </div>
  );
}

function Chip({ chip, onRemove }: { readonly chip: ContextChip; readonly onRemove: () => void }) {
  const { label, title, size } = describe(chip);
  const gone = (chip.kind === 'note' || chip.kind === 'selection' || chip.kind === 'image') && chip.gone;
  return (
    <span className="glassbox-chip" role="listitem" data-testid="context-chip" data-kind={chip.kind} data-open={chip.kind === 'note' && chip.open ? 'true' : undefined} data-gone={gone ? 'true' : undefined} title={title}>
      <span className="glassbox-chip-label">{label}</span>
      {gone ? <span className="glassbox-chip-size">{t('context.deleted')}</span> : size ? <span className="glassbox-chip-size">{size}</span> : null}
      <button type="button" className="glassbox-chip-remove clickable-icon" data-testid="chip-remove" aria-label={t('context.remove', { label })} onClick={onRemove}>
        ×
      </button>
    </span>
  );
}

function describe(chip: ContextChip): { label: string; title: string; size?: string } {
  switch (chip.kind) {
    case 'note':
      return { label: noteTitle(chip.path), title: chip.open ? t('context.openNote', { path: chip.path }) : chip.path, size: tokenLabel(estimateTokens(chip.chars)) };
    case 'selection': {
      const { path, fromLine, toLine, text } = chip.selection;
      const lines = (note: string): string => (fromLine === toLine ? t('context.line', { note, line: String(fromLine) }) : t('context.lines', { note, from: String(fromLine), to: String(toLine) }));
      return { label: lines(noteTitle(path)), title: lines(path), size: tokenLabel(estimateTokens(text)) };
    }
    case 'folder':
      return { label: t('context.folder', { folder: chip.value }), title: t('context.folderTitle', { folder: chip.value }) };
    case 'tag':
      return { label: t('context.tag', { tag: chip.value }), title: t('context.tagTitle', { tag: chip.value }) };
    case 'image':
      return { label: noteTitle(chip.path), title: t('context.image', { path: chip.path }), size: describeBytes(chip.bytes) };
    default: {
      const unhandled: never = chip;
      return unhandled;
    }
  }
}

function noteTitle(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.endsWith('.md') ? name.slice(0, -3) : name;
}
