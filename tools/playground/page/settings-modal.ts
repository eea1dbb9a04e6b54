import type { App } from '../../fake-obsidian';
import { frameText } from './frame-strings';

/**
 * The plugin's settings tab, shown as Obsidian shows it: in a modal over the workspace, with
 * Obsidian's modal structure (`.modal-container` > `.modal-bg` + `.modal`) so theme.css can
 * style it as the app does. The tab is the plugin's own `PluginSettingTab`; the fake's setting
 * registry runs its `display()` and `hide()`. Escape, the close button and a click on the dimmed
 * background close it, and focus goes back where it was.
 */
export function createSettingsModal(app: App): { open(): void; close(): void } {
  const container = document.body.createDiv({ cls: 'modal-container mod-dim' });
  container.hidden = true;
  const background = container.createDiv({ cls: 'modal-bg' });
  const dialog = container.createDiv({ cls: 'modal mod-settings', attr: { role: 'dialog', 'aria-modal': 'true', 'aria-label': frameText('settings'), 'data-testid': 'settings-modal' } });
  const closeButton = dialog.createDiv({ cls: 'modal-close-button clickable-icon', attr: { role: 'button', tabindex: 0, 'aria-label': frameText('close'), 'data-testid': 'settings-close' } });
  closeButton.setText('×');
  dialog.createDiv({ cls: 'modal-title', text: frameText('settings') });
  const body = dialog.createDiv({ cls: 'modal-content vertical-tab-content' });
  let returnFocus: HTMLElement | null = null;

  const close = (): void => {
    if (container.hidden) return;
    app.setting.close();
    body.empty();
    container.hidden = true;
    returnFocus?.focus();
  };
  const open = (): void => {
    const tab = app.setting.pluginTabs[0];
    returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    body.empty();
    if (!tab) body.createEl('p', { text: frameText('noTab') });
    else {
      app.setting.openTab(tab);
      body.appendChild(tab.containerEl);
    }
    container.hidden = false;
    closeButton.focus();
  };
  closeButton.addEventListener('click', close);
  closeButton.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') close();
  });
  background.addEventListener('click', close);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !container.hidden) close();
  });
  return { open, close };
}
