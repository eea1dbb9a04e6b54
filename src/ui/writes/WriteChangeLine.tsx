import { useId, useState } from 'react';
import type { ReasoningChange } from '../../markers';
import { describeCounts } from './diff-rows';
import { NoteDiff } from './NoteDiff';
import { t, type PlainKey } from '../../i18n';

/** What a write's status means for its note, in words. */
const OUTCOME: Readonly<Record<string, PlainKey>> = Object.freeze({
  running: 'write.waiting',
  ok: 'write.written',
  declined: 'write.declined',
  error: 'write.notWrittenError',
  cancelled: 'write.notWrittenStopped',
});

/**
 * A note write in the trace (DESIGN.md 11.2): the note, +N −M, what became of it, and a button
 * that shows the diff. Live and reopened conversations show the same line.
 */
export function WriteChangeLine({ change, status }: { readonly change: ReasoningChange; readonly status: string }) {
  const [open, setOpen] = useState(false);
  const diffId = useId();
  return (
    <div className="glassbox-write-change" data-testid="write-change" data-write-status={status}>
      <div className="glassbox-write-line">
        <span className="glassbox-write-path">{change.path}</span>
        <span className="glassbox-write-counts" aria-label={describeCounts(change)}>
          <span className="glassbox-write-added">+{change.added}</span> <span className="glassbox-write-removed">−{change.removed}</span>
        </span>
        <span className="glassbox-write-outcome">{Object.hasOwn(OUTCOME, status) ? t(OUTCOME[status]) : status}</span>
        <button type="button" className="glassbox-write-toggle" aria-expanded={open} aria-controls={diffId} onClick={() => setOpen((value) => !value)}>
          {open ? t('write.hideChanges') : t('write.showChanges')}
        </button>
      </div>
      {open ? <NoteDiff change={change} id={diffId} /> : null}
    </div>
  );
}
