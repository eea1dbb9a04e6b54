import { existsSync } from 'node:fs';
import { buildPlayground } from '../../../tools/playground/build';
import { CHROMIUM_PATH, E2E_PLAYGROUND_DIR } from './paths';

/** Builds the playground once for the whole e2e run, and fails early and clearly without a browser. */
export default async function globalSetup(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}. Install Debian's package (apt-get install -y chromium) or set GLASSBOX_CHROMIUM.`);
  }
  await buildPlayground({ outdir: E2E_PLAYGROUND_DIR });
}
