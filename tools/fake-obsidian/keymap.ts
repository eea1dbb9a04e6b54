import { Platform } from './platform';

/** Where a link opens: Obsidian's `PaneType`. */
export type FakePaneType = 'tab' | 'split' | 'window';

/** Obsidian's `Keymap` (only what plugins call statically). */
export class Keymap {
  /**
   * Translates an event into the pane a link should open in, as documented in `obsidian.d.ts`:
   * 'tab' for Cmd/Ctrl (Cmd on macOS, Ctrl elsewhere) or a middle click, 'split' for Cmd/Ctrl+Alt,
   * 'window' for Cmd/Ctrl+Alt+Shift; false otherwise.
   */
  static isModEvent(evt?: MouseEvent | KeyboardEvent | null): FakePaneType | boolean {
    if (!evt) return false;
    const mod = Platform.isMacOS ? evt.metaKey : evt.ctrlKey;
    if (mod && evt.altKey && evt.shiftKey) return 'window';
    if (mod && evt.altKey) return 'split';
    if (mod) return 'tab';
    if ('button' in evt && evt.type !== 'mouseover' && evt.button === 1) return 'tab';
    return false;
  }
}
