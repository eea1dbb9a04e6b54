import { useMemo } from 'react';
import type { ReasoningPayload } from '../../markers';
import type { DisplayMode } from '../../settings';
import { ModelTurnItem } from './ModelTurnItem';
import { ReasoningStepItem } from './ReasoningStepItem';
import { t } from '../../i18n';
import { StepGroup } from './StepGroup';
import { groupTraceEntries, traceEntries, type TraceEntry, type TraceRow } from './trace-rows';

/** Props of {@link ReasoningStepList}. */
export interface ReasoningStepListProps {
  readonly payload: ReasoningPayload;
  readonly mode: DisplayMode;
  readonly showReasoningText: boolean;
  readonly showToolOutput: boolean;
  /** The run is still working: the group it works in stays unfolded, so its newest step shows. */
  readonly working: boolean;
}

/**
 * The list of steps, in the order they happened, with each model turn's time and tokens (not in
 * minimal mode). Verbose shows every step; normal and minimal fold consecutive tool calls that
 * repeat into one line that unfolds in place (DESIGN.md 12.3).
 */
export function ReasoningStepList(props: ReasoningStepListProps) {
  const { payload, mode } = props;
  // The payload is immutable (a change makes a new one): the block's timer ticks every second
  // and must not lay the trace out again each time.
  const entries = useMemo(() => traceEntries(payload), [payload]);
  const rows: readonly TraceRow[] = useMemo(() => (mode === 'verbose' ? entries : groupTraceEntries(entries)), [entries, mode]);
  // A run that only answered still shows its model turn, except in minimal, which shows steps alone.
  if (!entries.some((entry) => entry.type === 'step' || mode !== 'minimal')) {
    return <p className="glassbox-steps-empty">{t('reasoning.noSteps')}</p>;
  }
  // Minimal shows step titles alone: a turn's tokens count on its group's line only.
  const renderEntry = (entry: TraceEntry, index: number) => {
    if (entry.type === 'turn') return mode === 'minimal' ? null : <ModelTurnItem key={`turn-${entry.number}`} turn={entry.turn} number={entry.number} />;
    return (
      <ReasoningStepItem
        // Ids are unique per run, but a damaged note may repeat one; the index keeps keys unique.
        key={`${String(entry.step.id)}-${index}`}
        step={entry.step}
        mode={mode}
        showReasoningText={props.showReasoningText}
        showToolOutput={props.showToolOutput}
      />
    );
  };
  return (
    <ul className="glassbox-steps" data-testid="reasoning-steps">
      {rows.map((row, index) =>
        row.type === 'group' ? (
          <StepGroup
            // Keyed on its first entry, so a group growing in a live run keeps the user's choice.
            key={`group-${firstKey(row.entries)}`}
            entries={row.entries}
            openByDefault={props.working && index === rows.length - 1}
            renderEntry={renderEntry}
          />
        ) : (
          renderEntry(row, index)
        ),
      )}
    </ul>
  );
}

function firstKey(entries: readonly TraceEntry[]): string {
  const first = entries[0];
  return first === undefined ? '' : first.type === 'turn' ? `turn-${first.number}` : String(first.step.id);
}
