import { useEffect, useState } from 'react';

/**
 * The current time, refreshed once a second while `active`. The reasoning block derives its
 * "Reasoning · 9s" timer from this and the payload's `startedAt`, so the marker is never
 * rewritten on a tick (DESIGN.md 3.1). Inactive blocks (done, reloaded) hold no timer at all.
 */
export function useTicker(active: boolean, now: () => number): number {
  const [nowMs, setNowMs] = useState(now);
  useEffect(() => {
    if (!active) return undefined;
    setNowMs(now());
    const timer = window.setInterval(() => setNowMs(now()), 1000);
    return () => window.clearInterval(timer);
  }, [active, now]);
  return nowMs;
}
