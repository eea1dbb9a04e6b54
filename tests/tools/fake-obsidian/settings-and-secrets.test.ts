import { App, createFakeApp, Plugin, PluginSettingTab, SecretComponent, Setting } from '../../../tools/fake-obsidian';

describe('fake Setting components', () => {
  let container: HTMLElement;
  beforeEach(() => {
    container = document.body.createDiv();
  });
  afterEach(() => container.remove());

  it('shows name, description and heading', () => {
    const setting = new Setting(container).setName('Model').setDesc('Which model');
    new Setting(container).setName('Section').setHeading();
    expect(setting.nameEl.textContent).toBe('Model');
    expect(setting.descEl.textContent).toBe('Which model');
    expect(container.querySelector('.setting-item-heading .setting-item-name')?.textContent).toBe('Section');
  });

  it('text: setValue does not call onChange; typing does', () => {
    const changes: string[] = [];
    let input!: HTMLInputElement;
    new Setting(container).addText((text) => {
      text.setValue('a').onChange((value) => changes.push(value));
      input = text.inputEl;
      expect(text.getValue()).toBe('a');
    });
    input.value = 'typed';
    input.dispatchEvent(new Event('input'));
    expect(changes).toEqual(['typed']);
  });

  it('text area works like text', () => {
    const changes: string[] = [];
    const setting = new Setting(container).addTextArea((area) => area.setValue('x').onChange((value) => changes.push(value)));
    const area = setting.controlEl.querySelector('textarea')!;
    expect(area.value).toBe('x');
    area.value = 'y\nz';
    area.dispatchEvent(new Event('input'));
    expect(changes).toEqual(['y\nz']);
  });

  it('toggle: a click flips it and calls onChange', () => {
    const changes: boolean[] = [];
    const setting = new Setting(container).addToggle((toggle) => toggle.setValue(true).onChange((value) => changes.push(value)));
    const el = setting.controlEl.querySelector<HTMLElement>('.checkbox-container')!;
    expect(el.classList.contains('is-enabled')).toBe(true);
    el.click();
    expect(changes).toEqual([false]);
    expect(el.getAttribute('aria-checked')).toBe('false');
  });

  it('dropdown: options, value and change', () => {
    const changes: string[] = [];
    const setting = new Setting(container).addDropdown((dropdown) =>
      dropdown
        .addOptions({ minimal: 'Minimal', normal: 'Normal' })
        .addOption('verbose', 'Verbose')
        .setValue('normal')
        .onChange((value) => changes.push(value)),
    );
    const select = setting.controlEl.querySelector('select')!;
    expect([...select.options].map((option) => option.textContent)).toEqual(['Minimal', 'Normal', 'Verbose']);
    expect(select.value).toBe('normal');
    select.value = 'verbose';
    select.dispatchEvent(new Event('change'));
    expect(changes).toEqual(['verbose']);
  });

  it('slider: limits, value and change', () => {
    const changes: number[] = [];
    const setting = new Setting(container).addSlider((slider) => slider.setLimits(1, 50, 1).setValue(10).onChange((value) => changes.push(value)));
    const range = setting.controlEl.querySelector<HTMLInputElement>('input[type=range]')!;
    expect(range.value).toBe('10');
    range.value = '20';
    range.dispatchEvent(new Event('change'));
    expect(changes).toEqual([20]);
  });

  it('button: click calls onClick unless disabled', () => {
    let clicks = 0;
    const setting = new Setting(container).addButton((button) => button.setButtonText('Reindex').setCta().onClick(() => (clicks += 1)));
    const button = setting.controlEl.querySelector('button')!;
    expect(button.textContent).toBe('Reindex');
    button.click();
    setting.setDisabled(true);
    button.click();
    expect(clicks).toBe(1);
  });

  it('a PluginSettingTab displays into its container when opened', async () => {
    const app = createFakeApp();
    class TestTab extends PluginSettingTab {
      display(): void {
        this.containerEl.empty();
        new Setting(this.containerEl).setName('Shown');
      }
    }
    class TestPlugin extends Plugin {
      override onload(): void {
        this.addSettingTab(new TestTab(this.app, this));
      }
    }
    await app.loadPlugin(TestPlugin, { id: 't', name: 'T', version: '1', minAppVersion: '1', author: '', description: '' });
    const tab = app.setting.pluginTabs[0];
    app.setting.openTab(tab);
    expect(document.body.contains(tab.containerEl)).toBe(true);
    expect(tab.containerEl.textContent).toBe('Shown');
  });
});

describe('fake SecretStorage', () => {
  it('stores, reads and lists secrets; a missing one is null', () => {
    const app: App = createFakeApp();
    expect(app.secretStorage.getSecret('glassbox-api-key')).toBeNull();
    app.secretStorage.setSecret('glassbox-api-key', 'sk-123');
    app.secretStorage.setSecret('other1', 'x');
    expect(app.secretStorage.getSecret('glassbox-api-key')).toBe('sk-123');
    expect(app.secretStorage.listSecrets()).toEqual(['glassbox-api-key', 'other1']);
  });

  it.each(['Upper', 'has space', '', '-lead', 'trail-', 'under_score'])('rejects the invalid id %p', (id) => {
    expect(() => createFakeApp().secretStorage.setSecret(id, 'x')).toThrow('Invalid secret ID');
  });

  it('the secret picker holds the secret id, and reports typing', () => {
    const changes: string[] = [];
    const component = new SecretComponent(createFakeApp(), document.body).setValue('glassbox-api-key').onChange((value) => changes.push(value));
    expect(component.getValue()).toBe('glassbox-api-key');
    component.inputEl.value = 'work-key';
    component.inputEl.dispatchEvent(new Event('input'));
    expect(changes).toEqual(['work-key']);
  });
});
