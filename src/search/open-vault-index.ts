import type { IndexBuildOptions, VaultIndexOptions } from './index-types';
import type { IndexStore } from './index-store';
import { VaultIndex } from './vault-index';
import type { VaultSource } from './vault-source';

/**
 * The usual start-up: load the saved index when there is one (else build), catch up with
 * what changed while it was not running, and save it back when anything changed. Resolves once
 * the index is current; the host shows `onProgress` meanwhile and calls `index.watch()` after.
 */
export async function openVaultIndex(options: { source: VaultSource; store?: IndexStore } & VaultIndexOptions & IndexBuildOptions): Promise<VaultIndex> {
  const { source, store } = options;
  const saved = store ? await store.load().catch(() => null) : null;
  const loaded = saved ? VaultIndex.load(saved, source, options) : null;
  const index = loaded ?? new VaultIndex(source, options);
  const stats = await index.refresh(options);
  if (store && (loaded === null || stats.indexed > 0 || stats.removed > 0)) await store.save(await index.serialize());
  return index;
}
