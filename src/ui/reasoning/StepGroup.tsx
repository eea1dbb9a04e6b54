import { useId, useMemo, useState, type ReactNode } from 'react';
import { groupLabel } from './group-label';
import type { TraceEntry } from './trace-rows';

/** Props of {@link StepGroup}. */
export interface StepGroupProps {
  readonly entries: readonly TraceEntry[];
  /** Whether it starts unfolded: verbose mode, or the group a live run is working in. */
  readonly openByDefault: boolean;
  /** Draws one of its entries. */
  readonly renderEntry: (entry: TraceEntry, index: number) => ReactNode;
}

/**
 * Consecutive tool calls as one line (DESIGN.md 12.3): "Searched 3 times · read 2 notes ·
 * 4.1k tokens". The line is a real button (keyboard and screen readers get it for free) that
 * unfolds the steps in place; the user's choice stays until they choose again.
 */
export function StepGroup(props: StepGroupProps) {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const expanded = chosen ?? props.openByDefault;
  const listId = useId();
  const label = useMemo(() => groupLabel(props.entries), [props.entries]);
  return (
    <li className="glassbox-step-group" data-expanded={expanded ? 'true' : 'false'} data-testid="reasoning-step-group">
      <button type="button" className="glassbox-step-group-toggle" aria-expanded={expanded} aria-controls={listId} onClick={() => setChosen(!expanded)}>
        <span className="glassbox-step-group-chevron" aria-hidden="true" />
        <span className="glassbox-step-group-label" data-testid="reasoning-step-group-label">
          {label}
        </span>
      </button>
      <ul id={listId} className="glassbox-steps glassbox-step-group-steps" hidden={!expanded}>
        {expanded ? props.entries.map(props.renderEntry) : null}
      </ul>
    </li>
  );
}
