import type { App } from '../../fake-obsidian';

/**
 * The plugin's settings tab, shown as Obsidian shows it: in a modal over the workspace. The tab
 * is the plugin's own `PluginSettingTab`; the fake's setting registry runs its `display()` and
 * `hide()`. Escape and the close button close it, and focus goes back where it was.
 */
export function createSettingsModal(app: App): { open(): void; close(): void } {
  const backdrop = document.body.createDiv({ cls: 'playground-settings-backdrop' });
  backdrop.hidden = true;
  const dialog = backdrop.createDiv({ cls: 'playground-settings modal', attr: { role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Settings', 'data-testid': 'settings-modal' } });
  const header = dialog.createDiv({ cls: 'playground-settings-header' });
  header.createEl('h2', { text: 'Settings' });
  const closeButton = header.createEl('button', { text: 'Close', attr: { type: 'button', 'data-testid': 'settings-close' } });
  const body = dialog.createDiv({ cls: 'vertical-tab-content' });
  let returnFocus: HTMLElement | null = null;

  const close = (): void => {
    if (backdrop.hidden) return;
    app.setting.close();
    body.empty();
    backdrop.hidden = true;
    returnFocus?.focus();
  };
  const open = (): void => {
    const tab = app.setting.pluginTabs[0];
    returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    body.empty();
    if (!tab) body.createEl('p', { text: 'The plugin registered no settings tab.' });
    else {
      app.setting.openTab(tab);
      body.appendChild(tab.containerEl);
    }
    backdrop.hidden = false;
    closeButton.focus();
  };
  closeButton.addEventListener('click', close);
  backdrop.addEventListener('click', (event) => {
    if (event.target === backdrop) close();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !backdrop.hidden) close();
  });
  return { open, close };
}
