import { useCallback, useState } from 'react';

/** Options of {@link useLazyMessages}. */
export interface LazyMessagesOptions {
  /** Newest messages rendered when a conversation opens. Default 20. */
  readonly initial?: number;
  /** Older messages added by each {@link LazyMessages.showEarlier}. Default 20. */
  readonly step?: number;
  /**
   * The conversation's identity. Notes without message ids all number theirs `m1`, `m2`, …, so
   * the first id alone does not tell two such conversations apart.
   */
  readonly conversation?: string;
}

/** What {@link useLazyMessages} gives the message list. */
export interface LazyMessages<T> {
  /** The ids to render, oldest first: the newest ones, plus any earlier ones asked for. */
  readonly visible: readonly T[];
  /** How many older messages are not rendered yet (0 when all are). */
  readonly hiddenCount: number;
  /** Renders up to `step` more of the older messages (a "Show earlier messages" button, or the top of the list scrolled into view). */
  readonly showEarlier: () => void;
}

/**
 * Lazy rendering of a long conversation (DESIGN.md 10: a 200-turn conversation opens with a
 * first paint under 200 ms). Opening a conversation renders only its newest `initial` messages;
 * older ones come in `step` at a time on request. Messages appended later (new turns) are always
 * rendered. A different conversation (its first id or its `conversation` changed) starts over.
 *
 * Proposed for `MessageList` (src/ui/message): `const { visible, hiddenCount, showEarlier } = useLazyMessages(ids)`.
 */
export function useLazyMessages<T>(ids: readonly T[], options: LazyMessagesOptions = {}): LazyMessages<T> {
  const initial = options.initial ?? 20;
  const step = options.step ?? 20;
  const first = `${options.conversation ?? ''}\n${ids.length > 0 ? String(ids[0]) : ''}`;
  const [range, setRange] = useState(() => ({ first, start: Math.max(0, ids.length - initial) }));
  let start = range.start;
  if (range.first !== first) {
    // Another conversation: derive the new window during render (React's pattern for state from props).
    start = Math.max(0, ids.length - initial);
    setRange({ first, start });
  }
  start = Math.min(start, ids.length);
  const showEarlier = useCallback(() => setRange((current) => ({ ...current, start: Math.max(0, current.start - step) })), [step]);
  return { visible: start === 0 ? ids : ids.slice(start), hiddenCount: start, showEarlier };
}
