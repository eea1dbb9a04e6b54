import { Component } from './component';

/** Obsidian's `MenuItem`: a title, an icon and what a click does. */
export class MenuItem {
  /** Fake-only: the title as set. */
  title = '';
  /** Fake-only: the icon id as set. */
  icon: string | null = null;
  /** Fake-only: the section as set. */
  section = '';
  private callback: ((evt: MouseEvent | KeyboardEvent) => unknown) | null = null;

  setTitle(title: string): this {
    this.title = title;
    return this;
  }

  setIcon(icon: string | null): this {
    this.icon = icon;
    return this;
  }

  setSection(section: string): this {
    this.section = section;
    return this;
  }

  onClick(callback: (evt: MouseEvent | KeyboardEvent) => unknown): this {
    this.callback = callback;
    return this;
  }

  /** Fake-only: the user picks the item. */
  click(): void {
    void this.callback?.(typeof MouseEvent === 'undefined' ? ({} as MouseEvent) : new MouseEvent('click'));
  }
}

/**
 * Obsidian's `Menu`, as plugins fill it (the `editor-menu`, `file-menu` events): items in order
 * (tests read `items`). Shown, it draws as Obsidian's does: a `.menu` of `.menu-item`s at the
 * mouse, closed by picking an item, Escape or a click elsewhere.
 */
export class Menu extends Component {
  /** Fake-only: the items added, in order. */
  readonly items: MenuItem[] = [];
  /** Fake-only: the menu element while it is shown. */
  dom: HTMLElement | null = null;
  private closeListeners: (() => void) | null = null;

  addItem(cb: (item: MenuItem) => unknown): this {
    const item = new MenuItem();
    cb(item);
    this.items.push(item);
    return this;
  }

  addSeparator(): this {
    return this;
  }

  showAtMouseEvent(evt: MouseEvent): this {
    return this.showAtPosition({ x: evt.clientX, y: evt.clientY });
  }

  showAtPosition(position: { x: number; y: number }): this {
    this.hide();
    if (typeof document === 'undefined' || this.items.length === 0) return this;
    const menu = document.body.createDiv({ cls: 'menu', attr: { role: 'menu' } });
    menu.style.left = `${position.x}px`;
    menu.style.top = `${position.y}px`;
    const scroll = menu.createDiv('menu-scroll');
    for (const item of this.items) {
      const row = scroll.createDiv({ cls: 'menu-item', attr: { role: 'menuitem', tabindex: '-1' } });
      row.createDiv({ cls: 'menu-item-title', text: item.title });
      row.addEventListener('click', () => {
        this.hide();
        item.click();
      });
    }
    this.dom = menu;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') this.hide();
    };
    const onPointer = (event: MouseEvent): void => {
      if (!menu.contains(event.target as Node)) this.hide();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('mousedown', onPointer, true);
    this.closeListeners = () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('mousedown', onPointer, true);
    };
    (scroll.firstElementChild as HTMLElement | null)?.focus();
    return this;
  }

  hide(): this {
    this.closeListeners?.();
    this.closeListeners = null;
    this.dom?.remove();
    this.dom = null;
    return this;
  }
}
