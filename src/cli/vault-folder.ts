import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { CliUsageError } from './cli-io';

/** The one sentence for a `--folder` / `--tag` scope that holds no note (a missing folder included). */
export function emptyScopeMessage(scope: string): string {
  return `The scope ${scope} holds no note of the vault; check --folder and --tag.`;
}

/**
 * A `--folder` value as a vault-relative folder: a path inside the vault as given (from the
 * current directory) or already relative to the vault. A folder that is not there is a usage error.
 */
export async function vaultFolder(options: { vaultDir: string; cwd: string; folder: string }): Promise<string> {
  const { vaultDir, cwd, folder } = options;
  const fromCwd = resolve(cwd, folder);
  const inside = fromCwd.startsWith(`${vaultDir}${sep}`) && !isAbsolute(relative(vaultDir, fromCwd));
  const vaultRelative = (inside ? relative(vaultDir, fromCwd) : folder).split(sep).join('/').replace(/^\.\/|\/+$/g, '');
  const info = await stat(resolve(vaultDir, vaultRelative)).catch(() => undefined);
  if (vaultRelative === '' || vaultRelative.startsWith('..') || !info?.isDirectory()) throw new CliUsageError(emptyScopeMessage(`${folder.replace(/\/+$/, '')}/`));
  return vaultRelative;
}
