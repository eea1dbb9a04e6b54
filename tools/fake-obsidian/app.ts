import type { Extension } from '@codemirror/state';
import type { CliFlags, CliHandler, PluginManifest } from 'obsidian';
import { CommandRegistry } from './commands';
import { FileManager } from './file-manager';
import type { FakeCodeBlockProcessor, FakeMarkdownPostProcessor } from './markdown-renderer';
import { MetadataCache } from './metadata-cache';
import type { Plugin } from './plugin';
import { SecretStorage } from './secret-storage';
import { SettingRegistry } from './setting';
import { Vault } from './vault';
import { ViewRegistry } from './view-registry';
import { Workspace } from './workspace';

/** Options for `createFakeApp`. */
export interface FakeAppOptions {
  /** Files to start with: vault-relative path → content. Folders are created as needed; no events fire. */
  files?: Record<string, string>;
  /** Whether the layout is ready from the start (default true). */
  layoutReady?: boolean;
  /** Clock for file times. Default `Date.now`. */
  now?: () => number;
  /** Vault name. */
  vaultName?: string;
  /**
   * Whether the metadata cache indexes the starting files in a later task and fires `resolved`
   * then (default false: indexed at construction). Obsidian's cache can be empty at layout-ready
   * on a first start or after edits made outside the app.
   */
  metadataResolvesLater?: boolean;
  /** Whether the workspace is laid out as on mobile: sidebars are drawers (default false). */
  mobile?: boolean;
  /**
   * Fake-only: makes this app a second device of `syncedFrom`'s vault. It starts with a copy of
   * that vault's notes and config folder (the plugins' `data.json` included), as a sync service
   * brings them, but with its own, empty SecretStorage and local storage, which do not sync.
   */
  syncedFrom?: App;
  /**
   * Fake-only: render raw HTML in Markdown as Obsidian does, sanitised but live (an `<img>` with a
   * remote `src` would load); default false, raw HTML shows as text. See markdown-dom.ts.
   */
  rawHtml?: boolean;
  /**
   * Fake-only: the device's `localStorage`, where `saveLocalStorage` keeps this vault's entries
   * (as JSON, under `appId`, as Obsidian does). Default a fresh in-memory one. An app built again
   * with the same storage and `appId` is the same vault restarted on the same device; the
   * playground passes the browser's, so entries survive a reload.
   */
  deviceStorage?: FakeDeviceStorage;
  /** Fake-only: this vault's id on the device (default random: another vault, or another device). */
  appId?: string;
}

/** The part of the Web Storage API the fake's local storage uses. */
export type FakeDeviceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A device storage in memory, for an app without one. */
export function createMemoryDeviceStorage(): FakeDeviceStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * Obsidian's `App`, in memory: vault, workspace, metadata cache, secret storage, file manager,
 * plus the registries Obsidian keeps privately (commands, views, setting tabs, post-processors),
 * exposed so tests and the playground can drive them.
 */
export class App {
  /** The files. */
  vault: Vault;
  /** Leaves and views. */
  workspace: Workspace;
  /** Parsed metadata of the notes. */
  metadataCache: MetadataCache;
  /** Secrets (API keys). */
  secretStorage = new SecretStorage();
  /** File operations. */
  fileManager: FileManager;
  /** Fake-only: registered commands. */
  commands = new CommandRegistry(() => this.workspace.activeEditor);
  /** Fake-only: registered setting tabs. */
  setting = new SettingRegistry();
  /** Fake-only: registered view types. */
  viewRegistry: ViewRegistry;
  /** Fake-only: registered post-processors (run by `MarkdownRenderer.render`). */
  markdownPostProcessors: FakeMarkdownPostProcessor[] = [];
  /** Fake-only: the CodeMirror extensions plugins registered with `registerEditorExtension`, in order. */
  editorExtensions: Extension[] = [];
  /** Fake-only: registered code-block processors by language (run by `MarkdownRenderer.render`). */
  markdownCodeBlockProcessors = new Map<string, FakeCodeBlockProcessor>();
  /**
   * Obsidian's id of this vault on this device (not in the public typings; Obsidian names its
   * own IndexedDB databases with it). Random per fake app: a second device gets another one.
   */
  appId: string;
  /** Fake-only: hover-link sources registered with the Page preview core plugin, by id. */
  readonly hoverLinkSources = new Map<string, { display: string; defaultMod: boolean }>();
  /** Handlers plugins registered for Obsidian's command line (`registerCliHandler`, 1.12.2), by command. */
  readonly cliHandlers = new Map<string, { description: string; flags: CliFlags | null; handler: CliHandler }>();

  /**
   * Fake-only: runs `obsidian COMMAND key=value …` as the app's command line does: an unknown
   * command or a missing required flag is the app's own error line; otherwise the handler gets
   * the flags as strings (a flag given without a value as `'true'`) and its text is the output.
   */
  async runCli(command: string, params: Readonly<Record<string, string>> = {}): Promise<string> {
    const registered = this.cliHandlers.get(command);
    if (registered === undefined) return `Error: unknown command "${command}"`;
    for (const [name, flag] of Object.entries(registered.flags ?? {})) {
      if (flag.required === true && params[name] === undefined) return `Error: missing required flag "${name}"`;
    }
    return await registered.handler({ ...params });
  }
  /** Fake-only: the Page preview core plugin's previews, in order (see `showPagePreviews`). */
  readonly pagePreviews: { linktext: string; sourcePath: string; source: string; targetEl: HTMLElement }[] = [];
  /** Fake-only: the status bar. */
  statusBarEl: HTMLElement;
  /** Fake-only: loaded plugins by id. */
  readonly plugins = new Map<string, Plugin>();
  private readonly deviceStorage: FakeDeviceStorage;
  /** Fake-only: whether `MarkdownRenderer.render` and the reading view render raw HTML (`FakeAppOptions.rawHtml`). */
  readonly rendersRawHtml: boolean;

  constructor(options: FakeAppOptions = {}) {
    this.rendersRawHtml = options.rawHtml === true;
    this.appId = options.appId ?? Math.random().toString(16).slice(2, 18);
    this.deviceStorage = options.deviceStorage ?? createMemoryDeviceStorage();
    this.vault = new Vault({ now: options.now, name: options.vaultName });
    this.metadataCache = new MetadataCache(this.vault);
    this.workspace = new Workspace(this, { layoutReady: options.layoutReady, mobile: options.mobile });
    this.viewRegistry = new ViewRegistry(() => this.workspace);
    this.fileManager = new FileManager(this);
    this.statusBarEl = typeof document === 'undefined' ? ({} as HTMLElement) : document.body.createDiv('status-bar');
    const synced = options.syncedFrom;
    const syncedFiles = synced ? Object.fromEntries(synced.vault.getFiles().map((file) => [file.path, synced.vault.readNow(file.path) ?? ''])) : {};
    for (const [path, data] of synced?.vault.adapter.hiddenEntries() ?? []) void this.vault.adapter.write(path, data);
    for (const [path, content] of Object.entries({ ...syncedFiles, ...options.files })) {
      const slash = path.lastIndexOf('/');
      if (slash > 0) this.vault.ensureFolder(path.slice(0, slash), false);
      this.vault.createNow(path, content, { silent: true });
    }
    this.showPagePreviews();
    if (options.metadataResolvesLater) this.metadataCache.indexAllLater();
    else this.metadataCache.indexAll();
    this.vault.writeHook = this.metadataCache.onVaultChange;
  }

  /**
   * Fake-only: constructs and loads a plugin as Obsidian's plugin manager does, awaiting
   * `onload`. The constructor type is loose so a class written against the real `obsidian`
   * types can be passed.
   */
  async loadPlugin<P extends object>(PluginClass: new (app: never, manifest: never) => P, manifest: PluginManifest): Promise<P> {
    const plugin = new PluginClass(this as never, manifest as never);
    this.plugins.set(manifest.id, plugin as unknown as Plugin);
    await (plugin as unknown as Plugin).loadAsync();
    return plugin;
  }

  /** Fake-only: unloads a plugin (disabling it). */
  unloadPlugin(id: string): void {
    const plugin = this.plugins.get(id);
    if (!plugin) return;
    plugin.unload();
    this.plugins.delete(id);
  }

  /**
   * The Page preview core plugin, as far as the plugin can see it: on `hover-link` from a
   * registered source, it previews the linked note, when the source needs no Mod key or the
   * event has one (Obsidian shows a popover; the fake records it in `pagePreviews`). Events from
   * unregistered sources are ignored, as in Obsidian.
   */
  private showPagePreviews(): void {
    this.workspace.on('hover-link', (...args: unknown[]) => {
      const info = args[0] as { event: MouseEvent; source: string; targetEl: HTMLElement; linktext: string; sourcePath?: string };
      const source = this.hoverLinkSources.get(info.source);
      if (source === undefined) return;
      if (source.defaultMod && !(info.event.ctrlKey || info.event.metaKey)) return;
      this.pagePreviews.push({ linktext: info.linktext, sourcePath: info.sourcePath ?? '', source: info.source, targetEl: info.targetEl });
    });
  }

  /** Whether the theme is dark (the fake is light unless the body has `theme-dark`). */
  isDarkMode(): boolean {
    return typeof document !== 'undefined' && document.body.classList.contains('theme-dark');
  }

  /** Per-vault local storage on this device: a copy of what was saved (JSON, as in Obsidian), or null. */
  loadLocalStorage(key: string): unknown {
    const text = this.deviceStorage.getItem(`${this.appId}-${key}`);
    if (text === null) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }

  /** Per-vault local storage on this device; the data is kept as JSON (so a later change to the object is not), null removes. */
  saveLocalStorage(key: string, data: unknown): void {
    if (data === null || data === undefined) this.deviceStorage.removeItem(`${this.appId}-${key}`);
    else this.deviceStorage.setItem(`${this.appId}-${key}`, JSON.stringify(data));
  }
}

/** Builds a fake app, optionally with files. */
export function createFakeApp(options: FakeAppOptions = {}): App {
  return new App(options);
}
