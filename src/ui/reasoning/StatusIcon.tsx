import type { ReasoningToolStatus } from '../../markers';

const LABELS: Readonly<Record<ReasoningToolStatus, string>> = Object.freeze({
  running: 'Running',
  ok: 'Done',
  error: 'Failed',
  cancelled: 'Cancelled',
  declined: 'Declined',
});

const GLYPHS: Readonly<Record<ReasoningToolStatus, string>> = Object.freeze({
  running: '◌',
  ok: '✓',
  error: '✕',
  cancelled: '⊘',
  declined: '⊖',
});

/**
 * The status mark of a tool step. The glyph is decoration; the text alternative is what a
 * screen reader says, and `data-status` lets the theme colour it.
 */
export function StatusIcon({ status }: { readonly status: ReasoningToolStatus }) {
  const label = LABELS[status] ?? 'Unknown';
  return (
    <span className="glassbox-status-icon" data-status={status} role="img" aria-label={label} title={label}>
      {GLYPHS[status] ?? '?'}
    </span>
  );
}
