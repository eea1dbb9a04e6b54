import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { REPO_ROOT, SCREENSHOTS_DIR } from './paths';

/**
 * Saves a screenshot of a state the test just checked. Every run writes into
 * `test-results/screenshots/` (ignored by git); with `GLASSBOX_UPDATE_SCREENSHOTS=1` the run
 * refreshes the README's pictures in `docs/screenshots/` instead.
 */
export async function saveScreenshot(page: Page, name: string, target?: Locator): Promise<string> {
  const dir = process.env.GLASSBOX_UPDATE_SCREENSHOTS === '1' ? SCREENSHOTS_DIR : path.join(REPO_ROOT, 'test-results', 'screenshots');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if (target) await target.screenshot({ path: file, animations: 'disabled' });
  else await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}
