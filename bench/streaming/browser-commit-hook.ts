import { createRoot } from 'react-dom/profiling';
import { type CommitCounter, createCommitCounter } from '../../tools/render-commits/profiler-commit-counter';

/**
 * The page's commit counter: every root the bench's renderers make is a root of react-dom's
 * profiling build (production React whose `<Profiler>` reports), inside the counter's `<Profiler>`.
 */
export const browserCommitCounter: CommitCounter = createCommitCounter({ now: () => performance.now(), createRoot });
