import GlassboxPlugin from '../../../src/main';
import { ChatView, VIEW_TYPE_GLASSBOX_CHAT } from '../../../src/obsidian/chat/chat-view';
import { createFakeApp } from '../../../tools/fake-obsidian';
import manifestJson from '../../../manifest.json';

// The chat view loads its React side with import() when it opens (DESIGN.md 13.7): a tab closed
// in that moment must not mount a chat into the closed view nor keep a session attached to it.

describe('a chat view opening', () => {
  it('closed while its panel is still loading, shows no session and keeps none', async () => {
    const app = createFakeApp();
    const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
    const leaf = app.workspace.getRightLeaf(false)!;
    const opening = leaf.setViewState({ type: VIEW_TYPE_GLASSBOX_CHAT, active: true });
    // Closed as soon as the leaf's view is the chat view, while onOpen waits for the panel's module.
    for (let turn = 0; turn < 50 && !(leaf.view instanceof ChatView); turn += 1) await Promise.resolve();
    expect(leaf.view).toBeInstanceOf(ChatView);
    leaf.detach();
    await opening;
    await new Promise((resolve) => window.setTimeout(resolve, 0));
    expect(leaf.view.containerEl.querySelector('[data-testid="composer-input"]')).toBeNull();
    expect([...plugin.chat!.sessions.viewers()]).toEqual([]);
    plugin.unload();
  });

  it('opened, shows the composer at once (the panel is loaded within the open)', async () => {
    const app = createFakeApp();
    const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
    const leaf = app.workspace.getRightLeaf(false)!;
    await leaf.setViewState({ type: VIEW_TYPE_GLASSBOX_CHAT, active: true });
    expect(leaf.view.containerEl.querySelector('[data-testid="composer-input"]')).not.toBeNull();
    expect([...plugin.chat!.sessions.viewers()]).toEqual([leaf.view]);
    plugin.unload();
  });
});
