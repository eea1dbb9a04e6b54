import { type App, type Plugin, PluginSettingTab, SecretComponent, Setting } from 'obsidian';
import {
  DISPLAY_MODES,
  LOOP_STYLES,
  PROVIDER_PRESETS,
  type DisplayMode,
  type GlassboxSettingsHost,
  type LoopStyle,
  type ProviderPreset,
} from '../settings';

const DISPLAY_MODE_LABELS: Record<DisplayMode, string> = { minimal: 'Minimal', normal: 'Normal', verbose: 'Verbose' };
const LOOP_STYLE_LABELS: Record<LoopStyle, string> = { tools: 'Tool calls', 'reason-act-observe': 'Reason, act, observe' };

/**
 * The settings tab. Every change is saved at once. The API key is chosen through Obsidian's
 * secret picker, so only the secret's name reaches `data.json`.
 */
export class GlassboxSettingTab extends PluginSettingTab {
  constructor(options: { app: App; plugin: Plugin; host: GlassboxSettingsHost }) {
    super(options.app, options.plugin);
    this.host = options.host;
  }

  private readonly host: GlassboxSettingsHost;

  override display(): void {
    const { containerEl } = this;
    const settings = this.host.settings;
    const save = (): void => void this.host.saveSettings();
    containerEl.empty();

    new Setting(containerEl).setName('Model endpoint').setHeading();
    new Setting(containerEl)
      .setName('Provider')
      .setDesc('Choosing a provider fills in its address; any OpenAI-compatible endpoint works with "custom".')
      .addDropdown((dropdown) => {
        for (const [id, preset] of Object.entries(PROVIDER_PRESETS)) dropdown.addOption(id, preset.label);
        dropdown.setValue(settings.provider).onChange((value) => {
          const provider = value as ProviderPreset;
          settings.provider = provider;
          if (provider !== 'custom') settings.baseUrl = PROVIDER_PRESETS[provider].baseUrl;
          save();
          this.display();
        });
      });
    new Setting(containerEl)
      .setName('Base URL')
      .setDesc('The only address requests are sent to.')
      .addText((text) =>
        text.setValue(settings.baseUrl).onChange((value) => {
          settings.baseUrl = value.trim();
          save();
        }),
      );
    new Setting(containerEl)
      .setName('API key')
      .setDesc("Kept in Obsidian's secret storage, never in the plugin's data file. Leave empty for local servers.")
      .addComponent((el) =>
        new SecretComponent(this.app, el).setValue(settings.apiKeySecretName).onChange((value) => {
          settings.apiKeySecretName = value;
          save();
        }),
      );
    new Setting(containerEl)
      .setName('Model')
      .addText((text) =>
        text.setValue(settings.model).onChange((value) => {
          settings.model = value.trim();
          save();
        }),
      );

    new Setting(containerEl).setName('Agent').setHeading();
    new Setting(containerEl)
      .setName('Maximum iterations')
      .setDesc('Most model calls in one answer.')
      .addSlider((slider) =>
        slider
          .setLimits(1, 50, 1)
          .setValue(settings.maxIterations)
          .onChange((value) => {
            settings.maxIterations = value;
            save();
          }),
      );
    new Setting(containerEl).setName('Loop style').addDropdown((dropdown) => {
      for (const style of LOOP_STYLES) dropdown.addOption(style, LOOP_STYLE_LABELS[style]);
      dropdown.setValue(settings.loopStyle).onChange((value) => {
        settings.loopStyle = value as LoopStyle;
        save();
      });
    });
    new Setting(containerEl)
      .setName('Question timeout (minutes)')
      .setDesc('How long a question from the agent waits for your answer.')
      .addText((text) =>
        text.setValue(String(settings.requestInputTimeoutMinutes)).onChange((value) => {
          const minutes = Number(value);
          if (Number.isFinite(minutes) && minutes > 0) {
            settings.requestInputTimeoutMinutes = minutes;
            save();
          }
        }),
      );

    new Setting(containerEl).setName('Reasoning block').setHeading();
    new Setting(containerEl).setName('Display mode').addDropdown((dropdown) => {
      for (const mode of DISPLAY_MODES) dropdown.addOption(mode, DISPLAY_MODE_LABELS[mode]);
      dropdown.setValue(settings.displayMode).onChange((value) => {
        settings.displayMode = value as DisplayMode;
        save();
      });
    });
    this.addToggle('Show reasoning text', 'showReasoningText');
    this.addToggle('Show tool output', 'showToolOutput');
    this.addToggle('Expand while working', 'expandWhileWorking');

    new Setting(containerEl).setName('Conversations').setHeading();
    new Setting(containerEl)
      .setName('Folder')
      .setDesc('Where conversation notes are saved.')
      .addText((text) =>
        text.setValue(settings.conversationsFolder).onChange((value) => {
          settings.conversationsFolder = value.trim();
          save();
        }),
      );
  }

  private addToggle(name: string, key: 'showReasoningText' | 'showToolOutput' | 'expandWhileWorking'): void {
    new Setting(this.containerEl).setName(name).addToggle((toggle) =>
      toggle.setValue(this.host.settings[key]).onChange((value) => {
        this.host.settings[key] = value;
        void this.host.saveSettings();
      }),
    );
  }
}
