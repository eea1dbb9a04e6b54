import { DesktopMcpServers } from '../../../src/obsidian/network/desktop-mcp-servers';
import { createRunSetup } from '../../../src/obsidian/chat/run-setup';
import { loadGlassboxSettings } from '../../../src/settings';
import { setUiLanguage } from '../../../src/i18n';
import { clearNotices, createFakeApp, noticeLog } from '../../../tools/fake-obsidian';
import { MCP_TEST_SERVER, STDIO_SECRET } from '../../support/mcp-test-servers';

// Issue 18: the plugin's MCP servers reach a run through the run setup, with startup failures
// as notices (Obsidian's and the trace's).

const weather = { command: process.execPath, args: [MCP_TEST_SERVER], env: { TEST_TOKEN: STDIO_SECRET } };
let servers: DesktopMcpServers;

beforeEach(() => {
  clearNotices();
  servers = DesktopMcpServers.create()!;
});

afterEach(async () => {
  setUiLanguage('en');
  await servers.close();
});

function prepare() {
  const host = { settings: loadGlassboxSettings({ baseUrl: 'http://127.0.0.1:9/v1', provider: 'custom' }), saveSettings: () => Promise.resolve() };
  return createRunSetup({ app: createFakeApp() as never, settings: host, vaultTools: { current: () => ({ tools: [] }) }, mcp: servers });
}

describe('DesktopMcpServers through the run setup', () => {
  it('adds the tools of the configured servers to a run, and a server that cannot start is a notice and a trace notice', async () => {
    servers.configure(JSON.stringify({ mcpServers: { weather, ghost: { command: 'glassbox-no-such-command' } } }));
    const setup = await prepare()('m');
    expect(setup.tools.map((tool) => tool.name).sort()).toEqual(['weather__add_tool', 'weather__crash', 'weather__fail', 'weather__forecast', 'weather__slow', 'weather__whoami']);
    expect(setup.notices).toEqual([expect.stringMatching(/^ghost: could not start: /)]);
    expect(noticeLog).toEqual([`Glassbox: ${setup.notices![0]}`]);
  });

  it('says "could not start" in the UI’s language (German), the system’s reason as it came', async () => {
    setUiLanguage('de');
    servers.configure(JSON.stringify({ mcpServers: { ghost: { command: 'glassbox-no-such-command' } } }));
    const setup = await prepare()('m');
    expect(setup.notices).toEqual([expect.stringMatching(/^ghost: konnte nicht starten: .*ENOENT/)]);
    expect(noticeLog).toEqual([`Glassbox: ${setup.notices![0]}`]);
    expect(servers.statuses().find((status) => status.name === 'ghost')?.lastError).toMatch(/^konnte nicht starten: /);
  });

  it('offers no MCP tools when none is configured or the JSON has a mistake', async () => {
    servers.configure('{"mcpServers": {"weather": {}}}');
    expect(servers.configured).toBe(false);
    const setup = await prepare()('m');
    expect(setup.tools).toEqual([]);
    expect(setup.notices).toBeUndefined();
    expect(servers.statuses()).toEqual([]);
  });
});

describe('DesktopMcpServers where no process can start', () => {
  it('a stdio server says it needs the desktop app, instead of a bundler\'s "Dynamic require" error (issue 26)', async () => {
    const browser = DesktopMcpServers.create({ canStartProcesses: false })!;
    try {
      browser.configure(JSON.stringify({ mcpServers: { weather } }));
      await browser.test('weather');
      expect(browser.statuses()).toEqual([expect.objectContaining({ name: 'weather', state: 'failed', lastError: expect.stringContaining('stdio servers need the desktop app') })]);
    } finally {
      await browser.close();
    }
  });
});
