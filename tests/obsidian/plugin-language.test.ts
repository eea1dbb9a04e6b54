import { act } from '@testing-library/react/pure';
import GlassboxPlugin from '../../src/main';
import { setUiLanguage } from '../../src/i18n';
import { createFakeApp, setFakeLanguage } from '../../tools/fake-obsidian';
import manifestJson from '../../manifest.json';

// DESIGN.md 12.4: the plugin speaks the language Obsidian reports (`getLanguage()`), chosen when
// it loads; a language without a table gets English.

afterEach(() => {
  setFakeLanguage('en');
  setUiLanguage('en');
});

async function loadIn(language: string) {
  setFakeLanguage(language);
  const app = createFakeApp();
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  return { app, plugin, commandName: (id: string) => app.commands.commands[`glassbox:${id}`]?.name };
}

it('names its commands and its chat in Obsidian’s language', async () => {
  const { app, commandName } = await loadIn('ja');
  expect(commandName('open-chat')).toBe('Glassbox: チャットを開く');
  expect(commandName('undo-last-change')).toBe('Glassbox: 最後の変更を元に戻す');
  await act(async () => {
    app.commands.executeCommandById('glassbox:open-chat');
    await Promise.resolve();
  });
  const panel = document.querySelector('[data-testid="chat-panel"]');
  expect(panel?.querySelector('[data-testid="new-chat"]')?.textContent).toBe('新しいチャット');
  expect(panel?.querySelector('[data-testid="composer-input"]')?.getAttribute('placeholder')).toMatch(/^ノートについて質問…/);
  await act(async () => app.unloadPlugin(manifestJson.id));
});

it('falls back to English for a language it has no table for', async () => {
  const { commandName } = await loadIn('ko');
  expect(commandName('open-chat')).toBe('Glassbox: Open chat');
});
