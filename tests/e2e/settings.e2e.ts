import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';

// The settings as a new user met them in the playground (issue 26): what the title bar says
// after the Base URL changes, and the MCP section of a browser that cannot start a process.
describe('the settings in the playground', () => {
  let session: PlaygroundSession;

  beforeAll(async () => {
    session = await startPlaygroundSession({ settings: { mcpServers: JSON.stringify({ mcpServers: { weather: { command: 'npx', args: ['-y', 'weather-mcp'] } } }) } });
    await session.open();
  });

  afterAll(async () => {
    await session.close();
  });

  const openSettings = async () => {
    await session.page.locator('[data-testid="settings-open"]').click();
    const modal = session.page.locator('[data-testid="settings-modal"]');
    await modal.waitFor({ state: 'visible' });
    return modal;
  };
  const row = (name: string) => session.page.locator('[data-testid="settings-modal"] .setting-item', { has: session.page.locator('.setting-item-name', { hasText: new RegExp(`^${name}$`) }) });

  it('the title bar follows the Base URL once it changes', async () => {
    const endpoint = session.page.locator('[data-testid="playground-endpoint"]');
    await expect(endpoint.innerText()).resolves.toBe(`extractive @ ${session.modelServer.url}`);
    await openSettings();
    const input = row('Base URL').locator('input');
    await input.fill('http://127.0.0.1:8999/v1');
    await input.blur();
    await session.page.waitForFunction(() => document.querySelector('[data-testid="playground-endpoint"]')?.textContent === 'extractive @ http://127.0.0.1:8999/v1');
    await input.fill(session.modelServer.url);
    await input.blur();
    await session.page.waitForFunction((url) => document.querySelector('[data-testid="playground-endpoint"]')?.textContent === `extractive @ ${url}`, session.modelServer.url);
    await session.page.keyboard.press('Escape');
  });

  it('"Test connection" on a stdio server says it needs the desktop app, and the MCP descriptions keep their width', async () => {
    await openSettings();
    const status = row('Server status');
    await status.locator('button', { hasText: 'Test connection' }).click();
    await session.page.waitForFunction(() => /stdio servers need the desktop app/.test(document.querySelector('.glassbox-mcp-status')?.textContent ?? ''));
    const text = await status.locator('.glassbox-mcp-status').innerText();
    expect(text).not.toContain('Dynamic require');
    for (const name of ['Server status', 'Server log']) {
      const description = row(name).locator('.setting-item-description');
      const box = (await description.boundingBox())!;
      // Squeezed beside the list, it was one word wide and many lines tall.
      expect(box.width).toBeGreaterThan(250);
      expect(box.height).toBeLessThan(60);
    }
    await session.page.keyboard.press('Escape');
  });
});
