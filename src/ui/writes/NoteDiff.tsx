import { useMemo } from 'react';
import type { ReasoningChange } from '../../markers';
import { describeCounts, diffRows } from './diff-rows';
import { t, tCount } from '../../i18n';

/** Props of {@link NoteDiff}. */
export interface NoteDiffProps {
  readonly change: ReasoningChange;
  readonly id?: string;
}

/**
 * The diff of a proposed note write: added and removed lines, changed words marked inside
 * edited lines, left-out unchanged lines as "N unchanged lines". Everything is text nodes (note
 * and model text never become HTML). Each row says in words what it is ("Added", "Removed")
 * for screen readers; the +/− signs are for the eye.
 */
export function NoteDiff({ change, id }: NoteDiffProps) {
  const rows = useMemo(() => diffRows(change), [change]);
  return (
    <div id={id} className="glassbox-diff" role="group" aria-label={t('write.changesTo', { path: change.path, counts: describeCounts(change) })} data-testid="note-diff">
      {rows.map((row, index) => {
        if (row.kind === 'gap') {
          return (
            <div key={index} className="glassbox-diff-gap">
              {tCount('write.unchangedLines', row.lines)}
            </div>
          );
        }
        if (row.kind === 'cut') {
          return (
            <div key={index} className="glassbox-diff-gap">
              {t('write.diffTooLong')}
            </div>
          );
        }
        return (
          <div key={index} className={`glassbox-diff-line mod-${row.kind}`} data-diff={row.kind}>
            <span className="glassbox-diff-sign" aria-hidden="true">
              {row.kind === 'added' ? '+' : row.kind === 'removed' ? '−' : ' '}
            </span>
            {row.kind !== 'same' ? <span className="glassbox-visually-hidden">{row.kind === 'added' ? t('write.added') : t('write.removed')}</span> : null}
            <span className="glassbox-diff-text">
              {row.pieces.map((piece, at) =>
                piece.changed ? (
                  <mark key={at} className="glassbox-diff-word">
                    {piece.text}
                  </mark>
                ) : (
                  piece.text
                ),
              )}
            </span>
          </div>
        );
      })}
    </div>
  );
}
