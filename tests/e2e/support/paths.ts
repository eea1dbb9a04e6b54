import path from 'node:path';

/** The repository root. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
/** Where the e2e global setup builds the playground (ignored by git). */
export const E2E_PLAYGROUND_DIR = path.join(REPO_ROOT, '.tmp', 'e2e-playground');
/** Where the screenshots for the README go. */
export const SCREENSHOTS_DIR = path.join(REPO_ROOT, 'docs', 'screenshots');
/** Debian's Chromium (installed by .ci/run); override with GLASSBOX_CHROMIUM. */
export const CHROMIUM_PATH = process.env.GLASSBOX_CHROMIUM ?? '/usr/bin/chromium';
