import path from 'node:path';

/** How the benches that render the UI in Node must be started, so they run Preact as main.js does. */
export const PREACT_TSCONFIG = 'bench/tsconfig.preact.json';

/**
 * Stops a bench that would measure React instead of what ships: the UI runs on Preact
 * (preact-aliases.cjs), and in Node tsx resolves `react` to it only with
 * `TSX_TSCONFIG_PATH=bench/tsconfig.preact.json`, which `node bench/run-all.mjs` sets.
 */
export function assertUiOnPreact(): void {
  const resolved = require.resolve('react');
  if (!resolved.split(path.sep).includes('preact')) {
    throw new Error(`'react' resolves to ${resolved}, not Preact: run the bench through \`node bench/run-all.mjs <name>\` (or with TSX_TSCONFIG_PATH=${PREACT_TSCONFIG}).`);
  }
}
