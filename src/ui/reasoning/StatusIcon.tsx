import { useContext, useLayoutEffect, useRef } from 'react';
import type { ReasoningToolStatus } from '../../markers';
import { HostIconContext } from './host-icon';
import { t, type PlainKey } from '../../i18n';

const LABELS: Readonly<Record<ReasoningToolStatus, PlainKey>> = Object.freeze({
  running: 'tool.running',
  ok: 'tool.done',
  error: 'tool.failed',
  cancelled: 'tool.cancelled',
  declined: 'tool.declined',
});

/** Lucide icons as Obsidian names them (`setIcon`). */
const ICONS: Readonly<Record<ReasoningToolStatus, string>> = Object.freeze({
  running: 'loader',
  ok: 'check',
  error: 'x',
  cancelled: 'ban',
  declined: 'minus',
});

/** Where the host draws no icons. */
const GLYPHS: Readonly<Record<ReasoningToolStatus, string>> = Object.freeze({
  running: '◌',
  ok: '✓',
  error: '✕',
  cancelled: '⊘',
  declined: '⊖',
});

/**
 * The status mark of a tool step: the host's Lucide icon (Obsidian's `setIcon`), or a glyph
 * where there is no host. Either is decoration; the text alternative is what a screen reader
 * says, and `data-status` lets the theme colour it. A status from a newer version reads "Unknown".
 */
export function StatusIcon({ status }: { readonly status: ReasoningToolStatus }) {
  const drawIcon = useContext(HostIconContext);
  const ref = useRef<HTMLSpanElement>(null);
  const label = t(LABELS[status] ?? 'tool.unknown');
  const icon = ICONS[status] ?? 'circle-help';
  useLayoutEffect(() => {
    if (drawIcon !== null && ref.current !== null) drawIcon(ref.current, icon);
  }, [drawIcon, icon]);
  return (
    <span ref={ref} className="glassbox-status-icon" data-status={status} data-icon={drawIcon === null ? undefined : icon} role="img" aria-label={label} title={label}>
      {drawIcon === null ? (GLYPHS[status] ?? '?') : null}
    </span>
  );
}
