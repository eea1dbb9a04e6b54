import { Menu, prepareFuzzySearch } from '../../../tools/fake-obsidian';

describe('fake prepareFuzzySearch', () => {
  it('matches the query characters in order, case and spaces ignored, with their ranges', () => {
    const match = prepareFuzzySearch('prc rev');
    expect(match('2026-09-17 Pricing review')?.matches).toEqual([[11, 13], [14, 15], [19, 22]]);
    expect(match('Website redesign')).toBeNull();
  });

  it('ranks an exact prefix above a scattered match', () => {
    const match = prepareFuzzySearch('pricing');
    const prefix = match('Pricing experiment')!.score;
    const scattered = match('Print receipts in groups')!.score;
    expect(prefix).toBeGreaterThan(scattered);
    expect(prefix).toBeLessThanOrEqual(0);
  });
});

describe('fake Menu', () => {
  it('keeps the items plugins add and runs their click', () => {
    const clicked: string[] = [];
    const menu = new Menu().addItem((item) => item.setTitle('One').setIcon('x').onClick(() => clicked.push('one')));
    expect(menu.items.map((item) => [item.title, item.icon])).toEqual([['One', 'x']]);
    menu.items[0].click();
    expect(clicked).toEqual(['one']);
  });

  it('draws at the mouse as Obsidian does; picking an item runs it and closes the menu', () => {
    const clicked: string[] = [];
    const menu = new Menu().addItem((item) => item.setTitle('Ask about the selection').onClick(() => clicked.push('ask')));
    menu.showAtMouseEvent(new MouseEvent('contextmenu', { clientX: 40, clientY: 60 }));
    const shown = document.querySelector<HTMLElement>('.menu');
    expect(shown?.style.left).toBe('40px');
    expect([...document.querySelectorAll('.menu [role="menuitem"]')].map((item) => item.textContent)).toEqual(['Ask about the selection']);
    document.querySelector<HTMLElement>('.menu-item')!.click();
    expect(clicked).toEqual(['ask']);
    expect(document.querySelector('.menu')).toBeNull();
  });

  it('closes on Escape or a click elsewhere, running nothing', () => {
    const clicked: string[] = [];
    const menu = new Menu().addItem((item) => item.setTitle('One').onClick(() => clicked.push('one')));
    menu.showAtPosition({ x: 0, y: 0 });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(document.querySelector('.menu')).toBeNull();
    menu.showAtPosition({ x: 0, y: 0 });
    document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(document.querySelector('.menu')).toBeNull();
    expect(clicked).toEqual([]);
  });
});
