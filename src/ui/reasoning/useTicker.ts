import { useEffect, useState } from 'react';

/**
 * The current time, refreshed once a second while `active`, on the whole seconds counted from
 * `anchorMs` (the run's `startedAt`), so "Reasoning · 9s" turns to 10s when ten seconds have
 * really passed. The block derives its timer from this; the marker is never rewritten on a
 * tick (DESIGN.md 3.1). Inactive blocks (done, reloaded) hold no timer at all.
 */
export function useTicker(options: { readonly active: boolean; readonly now: () => number; readonly anchorMs: number }): number {
  const { active, now, anchorMs } = options;
  const [nowMs, setNowMs] = useState(now);
  useEffect(() => {
    if (!active) return undefined;
    let timer: number | undefined;
    const tick = (): void => {
      const current = now();
      setNowMs(current);
      const intoSecond = (((current - anchorMs) % 1000) + 1000) % 1000;
      timer = window.setTimeout(tick, 1000 - intoSecond);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [active, now, anchorMs]);
  return nowMs;
}
