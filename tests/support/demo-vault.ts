import { readFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';

/** The project's sample vault (`demo-vault/`). Suites never read it in place: see {@link copyDemoVault}. */
export const DEMO_VAULT_DIR = path.join(__dirname, '..', '..', 'demo-vault');

/**
 * The entries `demo-vault/.gitignore` lists: what trying the demo leaves behind (conversations
 * saved into `Glassbox/Conversations/`). Its lines are plain paths, so no glob matching is needed.
 */
export function demoVaultLeftovers(vaultDir = DEMO_VAULT_DIR): Set<string> {
  const lines = readFileSync(path.join(vaultDir, '.gitignore'), 'utf8').split('\n');
  return new Set(lines.map((line) => line.trim().replace(/^\/|\/$/g, '')).filter((line) => line !== '' && !line.startsWith('#')));
}

/**
 * Copies the sample vault as committed into `targetDir`, leaving out what a person left in it
 * while trying the demo, so no suite depends on that (DESIGN.md §11.6).
 */
export async function copyDemoVault(targetDir: string, vaultDir = DEMO_VAULT_DIR): Promise<void> {
  const leftovers = demoVaultLeftovers(vaultDir);
  await cp(vaultDir, targetDir, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(vaultDir, source).split(path.sep).join('/');
      return ![...leftovers].some((leftover) => relative === leftover || relative.startsWith(`${leftover}/`));
    },
  });
}
