import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReasoningStatus } from '../../markers';

/** How long after the answer starts the block folds itself (DESIGN.md 5: "about a second"). */
export const AUTO_COLLAPSE_DELAY_MS = 1000;

/** Inputs of {@link useBlockExpansion}. */
export interface BlockExpansionInput {
  readonly status: ReasoningStatus | null;
  readonly live: boolean;
  /** Whether a working block opens by itself (settings and display mode decide). */
  readonly openWhileWorking: boolean;
}

/** What the header needs: the state and the click action. */
export interface BlockExpansion {
  readonly expanded: boolean;
  readonly toggle: () => void;
}

/**
 * Open/closed state of the reasoning block. A live, working block opens (when allowed); once
 * the answer starts it closes ONCE, about a second later; reloaded blocks start closed. A click
 * by the user always wins: after it, nothing automatic touches the state again.
 */
export function useBlockExpansion(input: BlockExpansionInput): BlockExpansion {
  const working = input.status === 'reasoning' || input.status === 'awaiting_input';
  const [expanded, setExpanded] = useState(() => input.live && working && input.openWhileWorking);
  const userChose = useRef(false);
  const autoCollapsed = useRef(false);
  // The run may end (and the message stop being live) before the second is up; the block
  // still folds, so remember that it was ever live instead of reading `live` now.
  const everLive = useRef(input.live);
  if (input.live) everLive.current = true;
  const answerStarted = everLive.current && (input.status === 'collapsed' || input.status === 'complete');

  useEffect(() => {
    if (!answerStarted || userChose.current || autoCollapsed.current) return undefined;
    const timer = window.setTimeout(() => {
      autoCollapsed.current = true;
      if (!userChose.current) setExpanded(false);
    }, AUTO_COLLAPSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [answerStarted]);

  const toggle = useCallback(() => {
    userChose.current = true;
    setExpanded((value) => !value);
  }, []);

  return { expanded, toggle };
}
