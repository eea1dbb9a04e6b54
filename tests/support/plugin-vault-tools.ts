import type GlassboxPlugin from '../../src/main';
import type { SearchServices } from '../../src/obsidian/search-services';
import type { SemanticSearch } from '../../src/obsidian/search/semantic-search';
import type { VaultToolsProvider } from '../../src/obsidian/search/vault-tools-provider';

/** The plugin's search services (a private field). */
const searchOf = (plugin: GlassboxPlugin): SearchServices => (plugin as unknown as { search: SearchServices }).search;

/** The plugin's vault tools provider: tests wait on its index build. */
export const vaultToolsOf = (plugin: GlassboxPlugin): VaultToolsProvider => searchOf(plugin).vaultTools;

/** The plugin's search by meaning. */
export const semanticSearchOf = (plugin: GlassboxPlugin): SemanticSearch => searchOf(plugin).semantic;
