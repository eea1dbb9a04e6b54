import type { App } from './app';
import {
  type BaseComponent,
  ButtonComponent,
  DropdownComponent,
  ExtraButtonComponent,
  SliderComponent,
  TextAreaComponent,
  TextComponent,
  ToggleComponent,
} from './setting-components';

/** Obsidian's `Setting`: one row of a settings tab, with name, description and controls. */
export class Setting {
  /** The row. */
  settingEl: HTMLElement;
  /** Name and description column. */
  infoEl: HTMLElement;
  /** The name. */
  nameEl: HTMLElement;
  /** The description. */
  descEl: HTMLElement;
  /** Where controls go. */
  controlEl: HTMLElement;
  /** The controls, in order. */
  components: BaseComponent[] = [];

  constructor(containerEl: HTMLElement) {
    this.settingEl = containerEl.createDiv('setting-item');
    this.infoEl = this.settingEl.createDiv('setting-item-info');
    this.nameEl = this.infoEl.createDiv('setting-item-name');
    this.descEl = this.infoEl.createDiv('setting-item-description');
    this.controlEl = this.settingEl.createDiv('setting-item-control');
  }

  /** Sets the name. */
  setName(name: string | DocumentFragment): this {
    this.nameEl.setText(name);
    return this;
  }

  /** Sets the description. */
  setDesc(desc: string | DocumentFragment): this {
    this.descEl.setText(desc);
    return this;
  }

  /** Adds a class to the row. */
  setClass(cls: string): this {
    this.settingEl.addClass(cls);
    return this;
  }

  /** Turns the row into a section heading. */
  setHeading(): this {
    this.settingEl.addClass('setting-item-heading');
    this.nameEl.setAttr('role', 'heading');
    return this;
  }

  /** Disables every control. */
  setDisabled(disabled: boolean): this {
    this.settingEl.toggleClass('is-disabled', disabled);
    for (const component of this.components) component.setDisabled(disabled);
    return this;
  }

  /** Sets the tooltip. */
  setTooltip(tooltip: string): this {
    this.settingEl.setAttr('aria-label', tooltip);
    return this;
  }

  /** Adds a button. */
  addButton(cb: (component: ButtonComponent) => unknown): this {
    return this.add(new ButtonComponent(this.controlEl), cb);
  }

  /** Adds an icon button. */
  addExtraButton(cb: (component: ExtraButtonComponent) => unknown): this {
    return this.add(new ExtraButtonComponent(this.controlEl), cb);
  }

  /** Adds a toggle. */
  addToggle(cb: (component: ToggleComponent) => unknown): this {
    return this.add(new ToggleComponent(this.controlEl), cb);
  }

  /** Adds a text input. */
  addText(cb: (component: TextComponent) => unknown): this {
    return this.add(new TextComponent(this.controlEl), cb);
  }

  /** Adds a text area. */
  addTextArea(cb: (component: TextAreaComponent) => unknown): this {
    return this.add(new TextAreaComponent(this.controlEl), cb);
  }

  /** Adds a dropdown. */
  addDropdown(cb: (component: DropdownComponent) => unknown): this {
    return this.add(new DropdownComponent(this.controlEl), cb);
  }

  /** Adds a slider. */
  addSlider(cb: (component: SliderComponent) => unknown): this {
    return this.add(new SliderComponent(this.controlEl), cb);
  }

  /** Adds any component built on the control element (e.g. `SecretComponent`). */
  addComponent<T extends BaseComponent>(cb: (el: HTMLElement) => T): this {
    this.components.push(cb(this.controlEl));
    return this;
  }

  /** Calls `cb` with this setting. */
  then(cb: (setting: this) => unknown): this {
    cb(this);
    return this;
  }

  /** Removes the controls. */
  clear(): this {
    this.controlEl.empty();
    this.components = [];
    return this;
  }

  private add<T extends BaseComponent>(component: T, cb: (component: T) => unknown): this {
    this.components.push(component);
    cb(component);
    return this;
  }
}

/** Obsidian's `SettingTab`. */
export abstract class SettingTab {
  /** The app. */
  app: App;
  /** Where `display` builds the tab. */
  containerEl: HTMLElement;

  constructor(app: App) {
    this.app = app;
    this.containerEl = typeof document === 'undefined' ? ({} as HTMLElement) : createDiv();
    if (typeof document !== 'undefined') this.containerEl.className = 'vertical-tab-content';
  }

  /** Builds the tab's content. */
  abstract display(): void;

  /** Called when the tab closes; empties it. */
  hide(): void {
    this.containerEl.empty();
  }
}

/** Obsidian's `PluginSettingTab`. */
export abstract class PluginSettingTab extends SettingTab {
  /** The plugin that owns the tab. */
  plugin: unknown;

  constructor(app: App, plugin: unknown) {
    super(app);
    this.plugin = plugin;
  }
}

/** The app's settings window (`app.setting` in Obsidian): fake-only helpers to open a tab. */
export class SettingRegistry {
  /** The plugin tabs, in registration order. */
  readonly pluginTabs: SettingTab[] = [];
  /** The open tab, if any. */
  activeTab: SettingTab | null = null;

  /** Registers a tab. */
  addSettingTab(tab: SettingTab): void {
    this.pluginTabs.push(tab);
  }

  /** Unregisters a tab (closing it if open). */
  removeSettingTab(tab: SettingTab): void {
    const index = this.pluginTabs.indexOf(tab);
    if (index >= 0) this.pluginTabs.splice(index, 1);
    if (this.activeTab === tab) this.close();
  }

  /** Opens a tab: its element goes into `document.body` and `display()` runs. */
  openTab(tab: SettingTab): void {
    this.close();
    this.isOpen = true;
    this.activeTab = tab;
    if (typeof document !== 'undefined') document.body.appendChild(tab.containerEl);
    tab.display();
  }

  /** Obsidian's `app.setting.open()` (not in the public typings): shows the settings window. */
  open(): void {
    this.isOpen = true;
  }

  /** Whether the settings window is shown. */
  isOpen = false;

  /** Obsidian's `app.setting.openTabById(id)` (not in the public typings): a plugin's tab by its manifest id. */
  openTabById(id: string): SettingTab | null {
    const tab = this.pluginTabs.find((candidate) => (candidate as { plugin?: { manifest?: { id?: string } } }).plugin?.manifest?.id === id) ?? null;
    if (tab !== null) this.openTab(tab);
    return tab;
  }

  /** Closes the open tab. */
  close(): void {
    this.isOpen = false;
    if (!this.activeTab) return;
    this.activeTab.hide();
    this.activeTab.containerEl.remove?.();
    this.activeTab = null;
  }
}
