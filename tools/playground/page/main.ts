import type { PluginManifest } from 'obsidian';
import { App, Platform, setFakeLanguage, setRequestUrlTransport } from '../../fake-obsidian';
import manifestJson from '../../../manifest.json';
import GlassboxPlugin from '../../../src/main';
import { fetchBootData } from './boot-data';
import { describeEndpoint } from './describe-endpoint';
import { applyTheme, buildFrame, initialTheme } from './frame';
import { createProxyFetch, installProxyFetch } from './proxy-fetch';
import { createSettingsModal } from './settings-modal';
import { closeTabOnCtrlW, restoreSidebarTabs } from './sidebar-tabs';
import { syncPluginDataToServer, syncVaultToServer } from './vault-sync';

/** What the page exposes for debugging in the console (`window.glassboxPlayground`). */
interface PlaygroundHandle {
  app: App;
  plugin: GlassboxPlugin;
  /** Resolves once every write the plugin made has reached the folder on disk. */
  flushWrites(): Promise<void>;
  /**
   * Resolves once the vault index is open (or failed): a question sent before then is answered
   * without the vault tools, with a notice, by design (a question never waits for indexing).
   */
  indexSettled(): Promise<void>;
}

declare global {
  interface Window {
    glassboxPlayground?: PlaygroundHandle;
  }
}

/**
 * Boots the playground: the vault from the server into the fake app, the real plugin loaded as
 * Obsidian loads it (`onload`), its chat view opened in the right sidebar, its settings tab
 * behind the Settings button. Sets `data-playground-ready` on the body when done (the e2e tests
 * wait for it) or `data-playground-error` with the reason.
 */
async function boot(): Promise<void> {
  applyTheme(initialTheme());
  if (new URLSearchParams(window.location.search).get('platform') === 'mobile') {
    // As on a phone: the plugin's fetch is the web view's, bound by CORS; requestUrl is not.
    Object.assign(Platform, { isDesktop: false, isMobile: true, isDesktopApp: false, isMobileApp: true, isPhone: true, isLinux: false });
    setRequestUrlTransport(createProxyFetch(window));
  } else {
    installProxyFetch(window);
  }
  const bootData = await fetchBootData();
  // As Obsidian started in the user's language: `?lang=` or the server's `--lang`.
  const language = new URLSearchParams(window.location.search).get('lang') ?? bootData.language ?? 'en';
  setFakeLanguage(language);
  document.documentElement.lang = language;
  const files: Record<string, string> = {};
  for (const file of bootData.files) files[file.path] = file.content;
  // The browser's localStorage is the device's: what Glassbox keeps there (the day's spend) survives a reload.
  const app = new App({ files, vaultName: bootData.vaultName, deviceStorage: window.localStorage, appId: `playground-${bootData.vaultName}` });
  const manifest = manifestJson as PluginManifest;
  if (bootData.pluginData !== null && bootData.pluginData !== undefined) {
    await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifest.id}/data.json`, JSON.stringify(bootData.pluginData));
  }
  const flushWrites = syncVaultToServer(app);
  const endpoint = describeEndpoint(bootData.pluginData);
  const settings = createSettingsModal(app);
  const frame = buildFrame({ app, vaultName: bootData.vaultName, endpoint, onOpenSettings: () => settings.open() });
  syncPluginDataToServer(app, manifest.id, (data) => frame.setEndpoint(describeEndpoint(data)));
  // As Obsidian at startup: the tabs of the last session, each loaded when it is shown.
  restoreSidebarTabs(app, bootData.vaultName);
  closeTabOnCtrlW(app);
  const plugin = await app.loadPlugin(GlassboxPlugin, manifest);
  const vaultTools = (plugin as unknown as { vaultTools: { whenSettled(): Promise<void> } | null }).vaultTools;
  window.glassboxPlayground = { app, plugin, flushWrites, indexSettled: () => vaultTools?.whenSettled() ?? Promise.resolve() };
  await openChatView(app, manifest.id);
  const home = app.vault.getFileByPath('Home.md') ?? app.vault.getMarkdownFiles()[0];
  if (home) await frame.openNote(home);
  document.body.dataset.playgroundReady = 'true';
}

/** Opens the plugin's chat view the way a user would: through the plugin's own command. */
async function openChatView(app: App, pluginId: string): Promise<void> {
  const commands = Object.values(app.commands.commands).filter((command) => command.id.startsWith(`${pluginId}:`));
  const open = commands.find((command) => /open|show/i.test(command.name) && /chat|glassbox/i.test(command.name)) ?? commands[0];
  if (open === undefined) throw new Error('The plugin registered no command to open its view.');
  app.commands.executeCommandById(open.id);
  // The command opens the view asynchronously; wait until a right-sidebar leaf shows it.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (document.querySelector('.playground-sidebar .workspace-leaf .view-content')?.childElementCount) return;
    await new Promise((resolve) => window.setTimeout(resolve, 20));
  }
}


boot().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  document.body.dataset.playgroundError = message;
  const banner = document.body.createDiv({ cls: 'playground-error', text: `The playground could not start: ${message}` });
  banner.setAttr('role', 'alert');
  console.error(error);
});
