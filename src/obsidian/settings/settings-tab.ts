import { type App, type Plugin, PluginSettingTab, requireApiVersion, type SettingDefinitionItem } from 'obsidian';
import { DEFAULT_SETTINGS, PROVIDER_PRESETS, type GlassboxSettingsHost, type ProviderPreset } from '../../settings';
import type { DesktopMcpServers } from '../network/desktop-mcp-servers';
import { mcpSettingGroup } from './mcp-setting-definitions';
import { renderSettingDefinitions } from './render-setting-definitions';
import { glassboxSettingDefinitions } from './setting-definitions';

/**
 * The settings tab. The settings are declared once (`setting-definitions.ts`): Obsidian 1.13
 * renders them and finds them in its settings search; `display()` draws the same definitions on
 * older versions. Every change is saved at once. The API key is chosen through Obsidian's
 * secret picker, so only the secret's name reaches `data.json`.
 */
export class GlassboxSettingTab extends PluginSettingTab {
  constructor(options: { app: App; plugin: Plugin; host: GlassboxSettingsHost; mcp?: DesktopMcpServers | null }) {
    super(options.app, options.plugin);
    this.host = options.host;
    this.mcp = options.mcp ?? null;
  }

  private readonly host: GlassboxSettingsHost;
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
    return [...this.glassboxDefinitions(), ...mcp];
  }

  private glassboxDefinitions(): SettingDefinitionItem[] {
    return glassboxSettingDefinitions({
      app: this.app,
      apiKeySecretName: () => this.host.settings.apiKeySecretName,
      setApiKeySecretName: (name) => {
        this.host.settings.apiKeySecretName = name;
        void this.host.saveSettings();
      },
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
    settings[key] = typeof value === 'string' ? value.trim() : value;
    if (key === 'provider' && value !== 'custom' && typeof value === 'string' && value in PROVIDER_PRESETS) {
      // A preset fills in its address: draw the tab again so the Base URL row shows it.
      settings.baseUrl = PROVIDER_PRESETS[value as ProviderPreset].baseUrl;
      this.redraw();
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
