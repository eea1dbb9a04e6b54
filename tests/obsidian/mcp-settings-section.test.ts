import GlassboxPlugin from '../../src/main';
import { GlassboxSettingTab } from '../../src/obsidian/settings-tab';
import { createFakeApp, Platform } from '../../tools/fake-obsidian';
import manifestJson from '../../manifest.json';
import { MCP_TEST_SERVER, STDIO_SECRET } from '../support/mcp-test-servers';

// Issue 18: the MCP section of the settings tab, on the fake host, with a real stdio test server.

const plugins: GlassboxPlugin[] = [];

async function setup(saved: Record<string, unknown> = {}) {
  const app = createFakeApp();
  await app.vault.adapter.mkdir(`${app.vault.configDir}/plugins/${manifestJson.id}`);
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify(saved));
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  plugins.push(plugin);
  const tab = app.setting.pluginTabs[0] as unknown as GlassboxSettingTab;
  tab.display();
  return { app, plugin, tab, root: tab.containerEl };
}

afterEach(() => {
  for (const plugin of plugins.splice(0)) plugin.unload();
});

function row(root: HTMLElement, name: string): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>('.setting-item')].find((item) => item.querySelector('.setting-item-name')?.textContent === name);
  if (!found) throw new Error(`No setting named "${name}"`);
  return found;
}

const weatherJson = JSON.stringify({ mcpServers: { weather: { command: process.execPath, args: [MCP_TEST_SERVER], env: { TEST_TOKEN: STDIO_SECRET } } } });

function type(textarea: HTMLTextAreaElement, value: string) {
  textarea.value = value;
  textarea.dispatchEvent(new Event('input'));
}

describe('settings: tools from MCP servers', () => {
  it('takes the mcpServers JSON, says what is wrong with bad JSON in one sentence, and keeps the last good one', async () => {
    const { root, plugin, app } = await setup();
    const textarea = row(root, 'Servers').querySelector('textarea')!;
    type(textarea, '{"mcpServers": {"weather": {}}}');
    expect(root.querySelector('.glassbox-mcp-error')!.textContent).toBe('The MCP server "weather" needs a "command" (a program to start) or a "url" (a streamable HTTP address).');
    expect(plugin.settings.mcpServers).toBe('');
    type(textarea, weatherJson);
    await Promise.resolve();
    expect(root.querySelector('.glassbox-mcp-error')!.textContent).toBe('');
    expect(plugin.settings.mcpServers).toBe(weatherJson);
    const saved = JSON.parse(await app.vault.adapter.read(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`));
    expect(saved.mcpServers).toBe(weatherJson);
  });

  it('"Test connection" starts the server and shows its state and tool count; its stderr goes to the log, never a secret', async () => {
    const { root, tab } = await setup({ mcpServers: weatherJson });
    expect(row(root, 'weather').querySelector('.setting-item-description')!.textContent).toBe('Command · Starts with the next question');
    const changed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (row(root, 'weather').textContent?.includes('6 tools')) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(root, { subtree: true, childList: true, characterData: true });
    });
    row(root, 'weather').querySelector('button')!.click();
    await changed;
    expect(row(root, 'weather').querySelector('.setting-item-description')!.textContent).toBe('Command · Connected · 6 tools');
    const log = root.querySelector('.glassbox-mcp-log')!.textContent ?? '';
    expect(log).toContain('weather: connected');
    expect(log).not.toContain(STDIO_SECRET);
    tab.hide();
  });

  it('lists remembered approvals, and "Revoke" forgets one', async () => {
    const { root, plugin } = await setup({ rememberedApprovals: { 'mcp:weather': 'allow', 'mcp:tracker': 'deny', 'mcp:odd': 'maybe' } });
    expect(row(root, 'tracker: never allowed')).toBeTruthy();
    row(root, 'weather: always allowed').querySelector('button')!.click();
    await Promise.resolve();
    expect(plugin.settings.rememberedApprovals).toEqual({ 'mcp:tracker': 'deny' });
    expect(() => row(root, 'weather: always allowed')).toThrow();
  });

  it('is hidden on mobile, where no server process can be started', async () => {
    Platform.isDesktopApp = false;
    try {
      const { root } = await setup({ mcpServers: weatherJson });
      expect(root.textContent).not.toContain('MCP');
    } finally {
      Platform.isDesktopApp = true;
    }
  });
});
