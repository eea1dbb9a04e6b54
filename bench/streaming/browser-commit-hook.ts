import { installReactCommitCounter, type ReactCommitCounter } from './react-commit-counter';

/**
 * Installed as the browser bundle's FIRST import, so the hook is in place before react-dom is
 * evaluated (esbuild keeps import order).
 */
export const browserCommitCounter: ReactCommitCounter = installReactCommitCounter(window, () => performance.now());
