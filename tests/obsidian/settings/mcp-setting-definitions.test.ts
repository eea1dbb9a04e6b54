import GlassboxPlugin from '../../../src/main';
import { GlassboxSettingTab } from '../../../src/obsidian/settings/settings-tab';
import { createFakeApp, Platform } from '../../../tools/fake-obsidian';
import manifestJson from '../../../manifest.json';
import { MCP_TEST_SERVER, STDIO_SECRET } from '../../support/mcp-test-servers';

// Issue 18: the MCP group of the settings tab, on the fake host, with a real stdio test server.

const plugins: GlassboxPlugin[] = [];

async function setup(saved: Record<string, unknown> = {}) {
  const app = createFakeApp();
  await app.vault.adapter.mkdir(`${app.vault.configDir}/plugins/${manifestJson.id}`);
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify(saved));
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  plugins.push(plugin);
  const tab = app.setting.pluginTabs[0] as unknown as GlassboxSettingTab;
  app.setting.openTab(app.setting.pluginTabs[0]);
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

function serverRow(root: HTMLElement, name: string): HTMLElement {
  const found = row(root, 'Server status').querySelector<HTMLElement>(`.glassbox-mcp-row[data-server="${name}"]`);
  if (!found) throw new Error(`No server row "${name}"`);
  return found;
}

const status = (root: HTMLElement, name: string) => serverRow(root, name).querySelector('.glassbox-mcp-status')!.textContent ?? '';

/** Resolves once `check` holds, checked after each change to the tab's DOM (no polling). */
function whenDrawn(root: HTMLElement, check: () => boolean): Promise<void> {
  const holds = () => {
    try {
      return check();
    } catch {
      return false;
    }
  };
  return new Promise((resolve) => {
    if (holds()) return resolve();
    const observer = new MutationObserver(() => {
      if (!holds()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });
  });
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
    const desc = () => row(root, 'Servers').querySelector('.setting-item-description')!.textContent;
    expect(desc()).toBe('The MCP server "weather" needs a "command" (a program to start) or a "url" (a streamable HTTP address).');
    expect(row(root, 'Servers').classList.contains('is-invalid')).toBe(true);
    expect(plugin.settings.mcpServers).toBe('');
    type(textarea, weatherJson);
    await whenDrawn(root, () => status(root, 'weather') !== '');
    expect(desc()).toMatch(/^Tools from Model Context Protocol servers/);
    expect(row(root, 'Servers').classList.contains('is-invalid')).toBe(false);
    // The server appears at once, not started yet.
    expect(status(root, 'weather')).toBe('weather: Command · Not started yet');
    expect(plugin.settings.mcpServers).toBe(weatherJson);
    const saved = JSON.parse(await app.vault.adapter.read(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`));
    expect(saved.mcpServers).toBe(weatherJson);
  });

  it('"Test connection" starts the server and shows its state and tool count; its stderr goes to the log, never a secret', async () => {
    const { root, tab } = await setup({ mcpServers: weatherJson });
    expect(status(root, 'weather')).toBe('weather: Command · Not started yet');
    const changed = whenDrawn(root, () => status(root, 'weather').includes('6 tools'));
    serverRow(root, 'weather').querySelector('button')!.click();
    await changed;
    expect(status(root, 'weather')).toBe('weather: Command · Connected · 6 tools');
    const log = root.querySelector('.glassbox-mcp-log')!.textContent ?? '';
    expect(log).toContain('weather: connected');
    expect(log).not.toContain(STDIO_SECRET);
    tab.hide();
  });

  it('lists remembered approvals, and "Revoke" forgets one', async () => {
    const { root, plugin } = await setup({ rememberedApprovals: { 'mcp:weather': 'allow', 'mcp:tracker': 'deny', 'mcp:odd': 'maybe' } });
    const approvals = () => [...row(root, 'Remembered approvals').querySelectorAll('.glassbox-mcp-row span')].map((span) => span.textContent);
    expect(approvals()).toEqual(['weather: always allowed', 'tracker: never allowed']);
    row(root, 'Remembered approvals').querySelector('button')!.click();
    expect(plugin.settings.rememberedApprovals).toEqual({ 'mcp:tracker': 'deny' });
    expect(approvals()).toEqual(['tracker: never allowed']);
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
