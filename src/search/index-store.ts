/**
 * Where a persisted index lives. The Obsidian adapter stores it in the plugin's folder
 * (`.obsidian/plugins/glassbox/search-index.bin`); tests use memory. `load` resolves to null
 * when nothing was saved yet.
 */
export interface IndexStore {
  load(): Promise<ArrayBuffer | Uint8Array | null>;
  save(data: Uint8Array): Promise<void>;
}
