/**
 * Where a persisted index lives. The Obsidian adapter keeps it in the device's IndexedDB, out of
 * the synced vault (`src/obsidian/search/device-index-store.ts`); tests use memory. `load` resolves to null
 * when nothing was saved yet.
 */
export interface IndexStore {
  load(): Promise<ArrayBuffer | Uint8Array | null>;
  save(data: Uint8Array): Promise<void>;
}
