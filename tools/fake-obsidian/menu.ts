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
 * Obsidian's `Menu`, as plugins fill it (the `editor-menu`, `file-menu` events): items in order;
 * showing it draws nothing in the fake (tests and the playground read `items`).
 */
export class Menu extends Component {
  /** Fake-only: the items added, in order. */
  readonly items: MenuItem[] = [];

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
    void evt;
    return this;
  }

  showAtPosition(position: { x: number; y: number }): this {
    void position;
    return this;
  }

  hide(): this {
    return this;
  }
}
