import type { App } from '../../fake-obsidian';
import { frameText } from './frame-strings';

/**
 * Obsidian's command palette, reduced to a list under the title bar's "Commands" button: the
 * plugin's commands that apply right now. Picking one runs it; Escape, a click outside the list or
 * the button again closes it, as a menu does.
 */
export function buildCommandMenu(options: { app: App; titlebar: HTMLElement; root: HTMLElement }): void {
  const { app } = options;
  const button = options.titlebar.createEl('button', { text: frameText('commands'), attr: { 'data-testid': 'commands-open', type: 'button', 'aria-haspopup': 'menu', 'aria-expanded': 'false' } });
  const menu = options.root.createDiv({ cls: 'playground-commands', attr: { role: 'menu', 'aria-label': frameText('commands'), 'data-testid': 'command-menu' } });
  menu.hidden = true;
  const close = (): void => {
    menu.hidden = true;
    button.setAttr('aria-expanded', 'false');
  };
  button.addEventListener('click', () => {
    if (!menu.hidden) return close();
    menu.empty();
    const active = app.workspace.activeEditor;
    for (const command of Object.values(app.commands.commands)) {
      // Editor commands need a note in an editor (Live Preview, last clicked), as the palette does.
      if ((command.editorCallback || command.editorCheckCallback) && active === null) continue;
      if (command.editorCheckCallback && active !== null && !command.editorCheckCallback(true, active.editor as never, active as never)) continue;
      if (command.checkCallback?.(true) === false) continue;
      const item = menu.createEl('button', { text: command.name, attr: { role: 'menuitem', type: 'button' } });
      item.addEventListener('click', () => {
        close();
        app.commands.executeCommandById(command.id);
      });
    }
    menu.hidden = false;
    button.setAttr('aria-expanded', 'true');
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || menu.hidden) return;
    close();
    button.focus();
  });
  // Before the click lands: a click elsewhere closes the list and still does what it was for.
  document.addEventListener('pointerdown', (event) => {
    const target = event.target as Node | null;
    if (menu.hidden || target === null || menu.contains(target) || button.contains(target)) return;
    close();
  });
}
