import { useEffect } from 'react';
import { formatStepDuration } from '../../markers';
import { formatNumber } from '../../i18n';

/**
 * Makes the UI's number formats while the browser is idle after the chat panel mounts. The first
 * `Intl.NumberFormat` of a page loads the locale's number data, 10–16 ms in Chromium (measured,
 * BENCHMARKS.md "Streaming", 2026-11-27 evening); made on first use, that landed in the frame that
 * shows a run's first step, the longest task of a streamed run. Made here, the run's frames find
 * the formats ready (translate.ts keeps them). Without `requestIdleCallback`, nothing is made early.
 */
export function useWarmNumberFormats(): void {
  useEffect(() => {
    const view = typeof window === 'undefined' ? undefined : window;
    if (view === undefined || typeof view.requestIdleCallback !== 'function') return undefined;
    const handle = view.requestIdleCallback(() => {
      formatNumber(0);
      // A step's duration ("1.5 s") is the first number a run shows.
      formatStepDuration(1_500);
    });
    return () => view.cancelIdleCallback(handle);
  }, []);
}
