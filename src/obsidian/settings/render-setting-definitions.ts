import { Setting, type SettingControl, type SettingDefinition, type SettingDefinitionItem } from 'obsidian';

/** How the drawn controls read and write their values (the tab's `getControlValue` / `setControlValue`). */
export interface SettingValueAccess {
  get(key: string): unknown;
  set(key: string, value: unknown): void | Promise<void>;
}

/**
 * Draws setting definitions with `Setting` rows, for Obsidian before 1.13 (which never calls
 * `getSettingDefinitions`). Groups become a heading and their rows; pages are drawn inline
 * under a heading. A value that fails its `validate` is not stored, and the row says why.
 */
export function renderSettingDefinitions(containerEl: HTMLElement, items: readonly SettingDefinitionItem[], access: SettingValueAccess): void {
  for (const item of items) {
    if (!isVisible(item.visible)) continue;
    if ('type' in item) {
      const heading = item.type === 'page' ? item.name : item.heading;
      if (heading !== undefined) new Setting(containerEl).setName(heading).setHeading();
      renderSettingDefinitions(containerEl, item.items ?? [], access);
      continue;
    }
    renderDefinition(containerEl, item, access);
  }
}

function renderDefinition(containerEl: HTMLElement, definition: SettingDefinition, access: SettingValueAccess): void {
  const setting = new Setting(containerEl).setName(definition.name);
  if (definition.desc !== undefined) setting.setDesc(definition.desc);
  if (definition.render) {
    // Our render callbacks draw into the row only; there is no SettingGroup before 1.13.
    (definition.render as (setting: Setting) => void)(setting);
  } else if (definition.control) {
    renderControl({ setting, control: definition.control, desc: definition.desc ?? '', access });
  } else if (definition.action) {
    const action = definition.action;
    setting.settingEl.addEventListener('click', () => action(setting.settingEl, 0));
  }
}

function renderControl(options: { setting: Setting; control: SettingControl; desc: string | DocumentFragment; access: SettingValueAccess }): void {
  const { setting, control, desc, access } = options;
  const current = access.get(control.key) ?? control.defaultValue;
  const store = async (value: unknown): Promise<void> => {
    const problem = control.validate ? await (control.validate as (value: unknown) => string | void | Promise<string | void>)(value) : undefined;
    const invalid = typeof problem === 'string' && problem !== '';
    setting.settingEl.toggleClass('is-invalid', invalid);
    setting.setDesc(invalid ? problem : desc);
    if (invalid) return;
    await access.set(control.key, value);
  };
  switch (control.type) {
    case 'toggle':
      setting.addToggle((toggle) => toggle.setValue(current === true).onChange(store));
      break;
    case 'dropdown':
      setting.addDropdown((dropdown) => dropdown.addOptions(control.options).setValue(asText(current)).onChange(store));
      break;
    case 'slider':
      setting.addSlider((slider) => slider.setLimits(control.min, control.max, control.step).setValue(Number(current)).onChange(store));
      break;
    case 'number':
      setting.addText((text) => {
        text.inputEl.type = 'number';
        text.setValue(asText(current)).onChange((value) => store(Number(value)));
      });
      break;
    case 'textarea':
      setting.addTextArea((text) => text.setValue(asText(current)).onChange(store));
      break;
    default:
      // text, file, folder and color hold a string: a text input draws them all.
      setting.addText((text) => {
        if ('placeholder' in control && control.placeholder !== undefined) text.setPlaceholder(control.placeholder);
        text.setValue(asText(current)).onChange(store);
      });
  }
}

function asText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function isVisible(visible: boolean | (() => boolean) | undefined): boolean {
  return typeof visible === 'function' ? visible() : visible !== false;
}
