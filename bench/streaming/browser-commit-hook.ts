import { type CommitCounter, installPreactCommitCounter } from '../../tools/render-commits/preact-commit-counter';

/** The page's commit counter (Preact's hooks, installed when the bench bundle loads). */
export const browserCommitCounter: CommitCounter = installPreactCommitCounter(() => performance.now());
