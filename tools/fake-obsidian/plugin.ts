import type { Extension } from '@codemirror/state';
import type { CliFlags, CliHandler, Command, PluginManifest } from 'obsidian';
import type { App } from './app';
import { Component } from './component';
import type { FakeCodeBlockProcessor, FakeMarkdownPostProcessor } from './markdown-renderer';
import type { PluginSettingTab } from './setting';
import type { FakeViewCreator } from './view-registry';

/**
 * Obsidian's `Plugin`. Everything it adds to the app (views, commands, ribbon icons, setting
 * tabs, post-processors) is removed again when it unloads, as in Obsidian.
 * `loadData`/`saveData` keep JSON in `<configDir>/plugins/<id>/data.json` through the adapter.
 */
export abstract class Plugin extends Component {
  /** The app. */
  app: App;
  /** The manifest it was loaded with. */
  manifest: PluginManifest;

  constructor(app: App, manifest: PluginManifest) {
    super();
    this.app = app;
    this.manifest = manifest;
  }

  /** @internal Loads like Obsidian's plugin manager: waits for `onload`, then loads children. */
  async loadAsync(): Promise<void> {
    if (this._loaded) return;
    this._loaded = true;
    await this.onload();
    for (const child of this.childComponents) child.load();
  }

  /** Adds an icon to the ribbon; removed on unload. */
  addRibbonIcon(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
    const el = this.app.workspace.ribbonEl.createDiv({ cls: 'side-dock-ribbon-action clickable-icon', attr: { 'aria-label': title, 'data-icon': icon } });
    el.addEventListener('click', callback);
    this.register(() => el.remove());
    return el;
  }

  /** Adds a status bar item; removed on unload. */
  addStatusBarItem(): HTMLElement {
    const el = this.app.statusBarEl.createDiv('status-bar-item');
    this.register(() => el.remove());
    return el;
  }

  /** Registers a command as `<plugin id>:<command id>`, named `<plugin name>: <name>`; removed on unload. */
  addCommand(command: Command): Command {
    const registered: Command = { ...command, id: `${this.manifest.id}:${command.id}`, name: `${this.manifest.name}: ${command.name}` };
    this.app.commands.addCommand(registered);
    this.register(() => this.app.commands.removeCommand(registered.id));
    return registered;
  }

  /** Removes a command added by this plugin. */
  removeCommand(commandId: string): void {
    this.app.commands.removeCommand(`${this.manifest.id}:${commandId}`);
  }

  /** Adds a settings tab; removed on unload. */
  addSettingTab(settingTab: PluginSettingTab): void {
    this.app.setting.addSettingTab(settingTab);
    this.register(() => this.app.setting.removeSettingTab(settingTab));
  }

  /** Registers a view type; on unload the type is unregistered and its leaves close. */
  registerView(type: string, viewCreator: FakeViewCreator): void {
    this.app.viewRegistry.registerView(type, viewCreator);
    this.register(() => this.app.viewRegistry.unregisterView(type));
  }

  /** Registers a reading-view post-processor, also run by `MarkdownRenderer.render`; removed on unload. */
  /**
   * Registers a handler for fenced code blocks of `language` (Dataview's `dataviewjs`, Mermaid,
   * Tasks' `tasks`, ...). `MarkdownRenderer.render` hands it every such block of any Markdown it
   * renders, in notes and in plugin views alike, replacing the block's `pre` with a `div`.
   */
  registerMarkdownCodeBlockProcessor(language: string, handler: FakeCodeBlockProcessor, sortOrder?: number): FakeMarkdownPostProcessor {
    void sortOrder;
    this.app.markdownCodeBlockProcessors.set(language, handler);
    this.register(() => {
      if (this.app.markdownCodeBlockProcessors.get(language) === handler) this.app.markdownCodeBlockProcessors.delete(language);
    });
    const processor: FakeMarkdownPostProcessor = () => undefined;
    return processor;
  }

  /** Registers a handler for Obsidian's command line (1.12.2): `obsidian COMMAND flag=value`; removed on unload. */
  registerCliHandler(command: string, description: string, flags: CliFlags | null, handler: CliHandler): void {
    this.app.cliHandlers.set(command, { description, flags, handler });
    this.register(() => this.app.cliHandlers.delete(command));
  }

  /** Registers a view type as an emitter of `hover-link` with the Page preview core plugin. */
  registerHoverLinkSource(id: string, info: { display: string; defaultMod: boolean }): void {
    this.app.hoverLinkSources.set(id, info);
    this.register(() => this.app.hoverLinkSources.delete(id));
  }

  registerMarkdownPostProcessor(postProcessor: FakeMarkdownPostProcessor, sortOrder?: number): FakeMarkdownPostProcessor {
    if (sortOrder !== undefined) postProcessor.sortOrder = sortOrder;
    this.app.markdownPostProcessors.push(postProcessor);
    this.register(() => {
      const index = this.app.markdownPostProcessors.indexOf(postProcessor);
      if (index >= 0) this.app.markdownPostProcessors.splice(index, 1);
    });
    return postProcessor;
  }

  /** Adds a CodeMirror 6 extension to every Markdown editor (the fake's: `app.editorExtensions`, read by the playground's note pane). */
  registerEditorExtension(extension: Extension): void {
    this.app.editorExtensions.push(extension);
    this.register(() => {
      const index = this.app.editorExtensions.indexOf(extension);
      if (index >= 0) this.app.editorExtensions.splice(index, 1);
    });
  }

  /** The saved data, or null if nothing was saved. */
  async loadData(): Promise<unknown> {
    const path = this.dataPath();
    if (!(await this.app.vault.adapter.exists(path))) return null;
    return JSON.parse(await this.app.vault.adapter.read(path)) as unknown;
  }

  /** Saves data as JSON. */
  async saveData(data: unknown): Promise<void> {
    await this.app.vault.adapter.write(this.dataPath(), JSON.stringify(data, null, 2));
  }

  /** Called when the user enables the plugin. */
  onUserEnable(): void {}

  private dataPath(): string {
    return `${this.app.vault.configDir}/plugins/${this.manifest.id}/data.json`;
  }
}
