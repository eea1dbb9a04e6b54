import type { PluginManifest } from 'obsidian';
import { createFakeApp, type App } from '../tools/fake-obsidian';
import GlassboxPlugin from '../src/main';
import { ChatView, VIEW_TYPE_GLASSBOX_CHAT } from '../src/obsidian/chat/chat-view';
import manifestJson from '../manifest.json';
import type { DesktopMcpServers } from '../src/obsidian/network/desktop-mcp-servers';

const manifest = manifestJson as PluginManifest;
const dataPath = (app: App): string => `${app.vault.configDir}/plugins/${manifest.id}/data.json`;

async function loadGlassbox(app: App = createFakeApp()): Promise<{ app: App; plugin: GlassboxPlugin }> {
  const plugin = await app.loadPlugin(GlassboxPlugin, manifest);
  return { app, plugin };
}

describe('GlassboxPlugin', () => {
  it('registers the chat view type, the open-chat command and a ribbon icon on load', async () => {
    const { app } = await loadGlassbox();
    expect(app.viewRegistry.isRegistered(VIEW_TYPE_GLASSBOX_CHAT)).toBe(true);
    expect(app.commands.commands['glassbox:open-chat']?.name).toBe('Glassbox: Open chat');
    expect(app.workspace.ribbonEl.querySelector('[aria-label="Open chat"]')).not.toBeNull();
    expect(app.setting.pluginTabs).toHaveLength(1);
  });

  it('the command opens the chat view in the right sidebar and reuses it the second time', async () => {
    const { app } = await loadGlassbox();
    expect(app.commands.executeCommandById('glassbox:open-chat')).toBe(true);
    await flush();
    const leaves = app.workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT);
    expect(leaves).toHaveLength(1);
    expect(leaves[0].side).toBe('right');
    expect(leaves[0].view).toBeInstanceOf(ChatView);
    expect(app.workspace.rightSplit.collapsed).toBe(false);
    expect(app.workspace.activeLeaf).toBe(leaves[0]);
    expect(leaves[0].view.containerEl.textContent).toContain('Glassbox');

    app.commands.executeCommandById('glassbox:open-chat');
    await flush();
    expect(app.workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT)).toEqual(leaves);
  });

  it('the ribbon icon opens the same view', async () => {
    const { app } = await loadGlassbox();
    app.workspace.ribbonEl.querySelector<HTMLElement>('[aria-label="Open chat"]')!.click();
    await flush();
    expect(app.workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT)).toHaveLength(1);
  });

  it('merges saved data over defaults and keeps unknown keys through a save', async () => {
    const app = createFakeApp();
    await app.vault.adapter.write(dataPath(app), JSON.stringify({ model: 'llama3.1', maxIterations: 'many', fromNewerVersion: { x: 1 } }));
    const { plugin } = await loadGlassbox(app);
    expect(plugin.settings.model).toBe('llama3.1');
    expect(plugin.settings.maxIterations).toBe(10);
    expect(plugin.settings.conversationsFolder).toBe('Glassbox/Conversations');

    plugin.settings.displayMode = 'verbose';
    await plugin.saveSettings();
    const saved = JSON.parse(await app.vault.adapter.read(dataPath(app)));
    expect(saved).toMatchObject({ model: 'llama3.1', displayMode: 'verbose', fromNewerVersion: { x: 1 } });
    expect(saved).not.toHaveProperty('apiKey');
  });

  it('on unload removes the command, the ribbon icon, the setting tab and the view type, and closes open chat views', async () => {
    const { app } = await loadGlassbox();
    app.commands.executeCommandById('glassbox:open-chat');
    await flush();
    const view = app.workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT)[0].view;

    app.unloadPlugin(manifest.id);
    await flush();
    expect(app.commands.commands['glassbox:open-chat']).toBeUndefined();
    expect(app.workspace.ribbonEl.querySelector('[aria-label="Open chat"]')).toBeNull();
    expect(app.setting.pluginTabs).toHaveLength(0);
    expect(app.viewRegistry.isRegistered(VIEW_TYPE_GLASSBOX_CHAT)).toBe(false);
    expect(app.workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT)).toHaveLength(0);
    expect(view._loaded).toBe(false);
  });

  it('can be loaded again after an unload (Obsidian reloads plugins on update)', async () => {
    const { app } = await loadGlassbox();
    app.unloadPlugin(manifest.id);
    await loadGlassbox(app);
    expect(app.viewRegistry.isRegistered(VIEW_TYPE_GLASSBOX_CHAT)).toBe(true);
    expect(Object.keys(app.commands.commands)).toEqual(['glassbox:open-chat', 'glassbox:new-chat', 'glassbox:stop', 'glassbox:insert-last-answer', 'glassbox:undo-last-change', 'glassbox:ask-about-selection', 'glassbox:new-prompt', 'glassbox:open-note-in-chat', 'glassbox:export-conversation-markdown', 'glassbox:export-conversation-html', 'glassbox:embed-notes', 'glassbox:stop-embedding', 'glassbox:conversations-using-note']);
  });
});

describe('GlassboxPlugin at Obsidian\'s start', () => {
  it('loads the MCP client for the configured servers once the layout is ready, not in onload (DESIGN.md 13.7)', async () => {
    const app = createFakeApp({ layoutReady: false });
    await app.vault.adapter.write(dataPath(app), JSON.stringify({ mcpServers: JSON.stringify({ mcpServers: { ghost: { command: 'glassbox-no-such-command' } } }) }));
    const { plugin } = await loadGlassbox(app);
    const mcp = (plugin as unknown as { mcp: DesktopMcpServers }).mcp;
    // The MCP client (the SDK and zod), once loaded, is the object that runs the servers.
    const client = () => (mcp as unknown as { servers: unknown }).servers;
    await flush();
    // Configured (the settings tab lists it), but the MCP client is not loaded yet.
    expect(mcp.statuses()).toEqual([expect.objectContaining({ name: 'ghost', state: 'idle' })]);
    expect(client()).toBeNull();
    app.workspace.setLayoutReady();
    for (let turn = 0; turn < 100 && client() === null; turn += 1) await flush();
    expect(client()).not.toBeNull();
    expect(mcp.statuses()).toEqual([expect.objectContaining({ name: 'ghost', state: 'idle' })]);
    plugin.unload();
  });
});

/** Lets the command's async steps (open the leaf, then reveal it) settle: one macrotask. */
function flush(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}
