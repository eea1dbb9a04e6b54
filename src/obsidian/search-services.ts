import { type App, Notice, type Plugin } from 'obsidian';
import { FolderExcludingSource } from '../search/folder-excluding-source';
import type { GlassboxSettingsHost } from '../settings';
import type { Endpoint } from './network/endpoint';
import { deviceIndexStore } from './search/device-index-store';
import { confirmEmbedding } from './search/embed-notes-modal';
import { ObsidianVaultSource } from './search/obsidian-vault-source';
import { carriesEmbeddings, SemanticSearch } from './search/semantic-search';
import { VaultToolsProvider } from './search/vault-tools-provider';
import { t } from '../i18n';

/** The plugin's search: the vault index behind the agent's tools, and search by meaning over it. */
export interface SearchServices {
  readonly vaultTools: VaultToolsProvider;
  readonly semantic: SemanticSearch;
}

/**
 * Builds the vault index (in a Web Worker: the main thread only forwards vault events and
 * queries) and search by meaning, with its progress in the status bar, where a click stops it.
 */
export function createSearchServices(plugin: Plugin, host: GlassboxSettingsHost, endpoint: () => Endpoint): SearchServices {
  const app: App = plugin.app;
  const pluginDir = plugin.manifest.dir ?? `${app.vault.configDir}/plugins/${plugin.manifest.id}`;
  // Saved conversations and prompts are not notes to answer from: the agent would quote its own answers and the prompt's text.
  const source = new FolderExcludingSource(new ObsidianVaultSource({ vault: app.vault, metadataCache: app.metadataCache }), () => [host.settings.conversationsFolder, host.settings.promptsFolder]);
  const semantic = createSemanticSearch(plugin, host, pluginDir, endpoint);
  const vaultTools = new VaultToolsProvider(() => import('./search/open-plugin-index').then(({ openPluginIndex }) => openPluginIndex({ source, store: deviceIndexStore({ app, pluginDir }) })), {
    meaning: () => semantic.meaning(),
    // The plugin's index is the worker's client, which carries search by meaning too.
    onReady: (index) => {
      if (carriesEmbeddings(index)) void semantic.attach(index);
    },
  });
  return { vaultTools, semantic };
}

function createSemanticSearch(plugin: Plugin, host: GlassboxSettingsHost, pluginDir: string, endpoint: () => Endpoint): SemanticSearch {
  const statusEl = plugin.addStatusBarItem();
  statusEl.addClass('glassbox-embedding-status');
  statusEl.hide();
  statusEl.setAttr('aria-label', t('semantic.clickToStop'));
  const semantic = new SemanticSearch({
    settings: () => host.settings,
    client: (model) => endpoint().embeddings(model),
    store: deviceIndexStore({ app: plugin.app, pluginDir, contents: 'embeddings' }),
    status: (text) => {
      statusEl.setText(text ?? '');
      statusEl.toggle(text !== null);
    },
    notify: (message) => new Notice(message),
    confirm: ({ plan, model }) => confirmEmbedding(plugin.app, { plan, model, endpoint: host.settings.embeddingsBaseUrl.trim() !== '' ? host.settings.embeddingsBaseUrl.trim() : host.settings.baseUrl.trim() }),
  });
  plugin.registerDomEvent(statusEl, 'click', () => semantic.stop());
  return semantic;
}
