import { type App, type Plugin, PluginSettingTab, requireApiVersion, type SettingDefinitionItem } from 'obsidian';
import { DEFAULT_SETTINGS, PROVIDER_PRESETS, switchProvider, type GlassboxSettingsHost, type ProviderPreset } from '../../settings';
import type { ConnectionLine } from '../../doctor';
import type { ServerModel } from '../../llm';
import type { DesktopMcpServers } from '../network/desktop-mcp-servers';
import { mcpSettingGroup } from './mcp-setting-definitions';
import { traceSettingGroup } from './trace-setting-definitions';
import { spendingSettingGroup } from './spending-setting-definitions';
import type { DeviceDaySpend } from '../spending/device-day-spend';
import { renderSettingDefinitions } from './render-setting-definitions';
import { glassboxSettingDefinitions } from './setting-definitions';
import { pluginContextWindow } from '../network/context-windows';

/**
 * The settings tab. The settings are declared once (`setting-definitions.ts`): Obsidian 1.13
 * renders them and finds them in its settings search; `display()` draws the same definitions on
 * older versions. Every change is saved at once. The API key is chosen through Obsidian's
 * secret picker, so only the secret's name reaches `data.json`.
 */
export class GlassboxSettingTab extends PluginSettingTab {
  constructor(options: { app: App; plugin: Plugin; host: GlassboxSettingsHost; mcp?: DesktopMcpServers | null; listModels?: () => Promise<readonly ServerModel[]>; checkConnection?: () => Promise<readonly ConnectionLine[]>; daySpend?: DeviceDaySpend }) {
    super(options.app, options.plugin);
    this.host = options.host;
    this.daySpend = options.daySpend ?? null;
    this.mcp = options.mcp ?? null;
    this.listModels = options.listModels;
    this.checkConnection = options.checkConnection;
  }

  /** The endpoint's models, suggested under the model field. */
  private readonly listModels: (() => Promise<readonly ServerModel[]>) | undefined;
  /** "Check connection" (src/obsidian/settings/connection-check.ts). */
  private readonly checkConnection: (() => Promise<readonly ConnectionLine[]>) | undefined;

  private readonly host: GlassboxSettingsHost;
  /** The day's spend (the spending limits group lists its last seven days); null leaves the group out. */
  private readonly daySpend: DeviceDaySpend | null;
  /** Null on mobile, where the MCP group is left out. */
  private readonly mcp: DesktopMcpServers | null;
  /** Listeners of the MCP rows, stopped when the tab closes or redraws. */
  private mcpCleanups: (() => void)[] = [];

  override hide(): void {
    this.stopMcpRows();
    super.hide();
  }

  override getSettingDefinitions(): SettingDefinitionItem[] {
    const mcp = this.mcp === null ? [] : [mcpSettingGroup({ host: this.host, servers: this.mcp, track: (cleanup) => this.mcpCleanups.push(cleanup) })];
    const spending = this.daySpend === null ? [] : [spendingSettingGroup({ host: this.host, daySpend: this.daySpend })];
    return [...this.glassboxDefinitions(), ...spending, traceSettingGroup(), ...mcp];
  }

  private glassboxDefinitions(): SettingDefinitionItem[] {
    return glassboxSettingDefinitions({
      app: this.app,
      apiKeySecretName: () => this.host.settings.apiKeySecretName,
      setApiKeySecretName: (name) => {
        this.host.settings.apiKeySecretName = name;
        void this.host.saveSettings();
      },
      modelsWithoutTools: () => this.host.settings.modelsWithoutTools,
      forgetModelWithoutTools: (model) => {
        const { [model]: _forgotten, ...rest } = this.host.settings.modelsWithoutTools;
        this.host.settings.modelsWithoutTools = rest;
        void this.host.saveSettings();
      },
      contextWindowSetting: () => this.host.settings.contextWindows[this.host.settings.model],
      setContextWindowSetting: (tokens) => {
        const settings = this.host.settings;
        const { [settings.model]: _previous, ...others } = settings.contextWindows;
        settings.contextWindows = tokens === undefined ? others : { ...others, [settings.model]: tokens };
        void this.host.saveSettings();
      },
      modelPrice: () => {
        const settings = this.host.settings;
        return Object.hasOwn(settings.modelPrices, settings.model) ? settings.modelPrices[settings.model] : undefined;
      },
      setModelPrice: (price) => {
        const settings = this.host.settings;
        const { [settings.model]: _previous, ...others } = settings.modelPrices;
        // A new object: the chats compare display options by identity to redraw their footers.
        settings.modelPrices = price === undefined ? others : { ...others, [settings.model]: price };
        void this.host.saveSettings();
      },
      contextWindow: () => {
        const settings = this.host.settings;
        const secret = settings.apiKeySecretName.trim();
        return pluginContextWindow(settings, settings.model, secret === '' ? null : this.app.secretStorage.getSecret(secret));
      },
      model: () => this.host.settings.model,
      setModel: (model) => {
        this.host.settings.model = model;
        void this.host.saveSettings();
      },
      ...(this.listModels !== undefined ? { listModels: this.listModels } : {}),
      ...(this.checkConnection !== undefined ? { checkConnection: this.checkConnection } : {}),
      baseUrl: () => this.host.settings.baseUrl,
      setBaseUrl: (url) => {
        this.host.settings.baseUrl = url;
        void this.host.saveSettings();
      },
    });
  }

  override getControlValue(key: string): unknown {
    return this.host.settings[key];
  }

  override async setControlValue(key: string, value: unknown): Promise<void> {
    if (!(key in DEFAULT_SETTINGS)) return;
    const settings = this.host.settings;
    if (key === 'provider' && typeof value === 'string' && value in PROVIDER_PRESETS) {
      // Each provider keeps its own address and model: draw the tab again so their rows show them.
      if (value !== settings.provider) switchProvider(settings, value as ProviderPreset);
      this.redraw();
    } else {
      settings[key] = typeof value === 'string' ? value.trim() : value;
    }
    await this.host.saveSettings();
  }

  /** Obsidian before 1.13 only: draws the same definitions imperatively. */
  override display(): void {
    this.draw();
  }

  private draw(): void {
    this.stopMcpRows();
    this.containerEl.empty();
    renderSettingDefinitions(this.containerEl, this.getSettingDefinitions(), {
      get: (key) => this.getControlValue(key),
      set: (key, value) => this.setControlValue(key, value),
    });
  }

  private stopMcpRows(): void {
    for (const cleanup of this.mcpCleanups.splice(0)) cleanup();
  }

  private redraw(): void {
    if (requireApiVersion('1.13.0')) this.update();
    else this.draw();
  }
}
