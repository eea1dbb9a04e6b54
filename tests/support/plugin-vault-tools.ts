import type GlassboxPlugin from '../../src/main';
import type { VaultToolsProvider } from '../../src/obsidian/search/vault-tools-provider';

/** The plugin's vault tools provider (a private field): tests wait on its index build. */
export const vaultToolsOf = (plugin: GlassboxPlugin): VaultToolsProvider => (plugin as unknown as { vaultTools: VaultToolsProvider }).vaultTools;
