import type { ReactNode } from 'react';

/** One option of a {@link SuggestionList}. */
export interface SuggestionItem {
  readonly key: string;
  readonly label: string;
  /** Ranges of `label` to highlight (what the query matched). */
  readonly matches: readonly (readonly [number, number])[];
  /** Shown after the label, muted (the note's folder, its title for an alias, "folder" / "tag"). */
  readonly note?: string;
}

/**
 * A list of suggestions under an input, as Obsidian's suggesters look (`.suggestion-container`,
 * `.suggestion-item.is-selected`): a listbox whose active option the input names with
 * `aria-activedescendant`. Mouse picks too; the keyboard lives in the input.
 */
export function SuggestionList(props: { readonly id: string; readonly label: string; readonly items: readonly SuggestionItem[]; readonly active: number; readonly empty: string; readonly onPick: (index: number) => void; readonly onHover: (index: number) => void }) {
  const { id, items, active } = props;
  return (
    <div className="glassbox-suggest suggestion-container" data-testid="suggestions">
      <div id={id} role="listbox" aria-label={props.label} className="suggestion">
        {items.length === 0 ? <div className="glassbox-suggest-empty suggestion-empty">{props.empty}</div> : null}
        {items.map((item, index) => (
          <div
            key={item.key}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'suggestion-item is-selected' : 'suggestion-item'}
            data-testid="suggestion"
            // mousedown, not click: the input keeps focus (a click would blur it first).
            onMouseDown={(event) => {
              event.preventDefault();
              props.onPick(index);
            }}
            onMouseMove={() => props.onHover(index)}
          >
            <span className="suggestion-content">{highlight(item.label, item.matches)}</span>
            {item.note ? <span className="suggestion-note">{item.note}</span> : null}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The label with its matched ranges in `<mark>`; text stays text. */
function highlight(label: string, matches: readonly (readonly [number, number])[]): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of matches) {
    if (start < at || end > label.length) continue;
    if (start > at) parts.push(label.slice(at, start));
    parts.push(<mark key={start} className="suggestion-highlight">{label.slice(start, end)}</mark>);
    at = end;
  }
  if (at < label.length) parts.push(label.slice(at));
  return parts;
}
