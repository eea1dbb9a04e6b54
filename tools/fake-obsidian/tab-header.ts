import type { WorkspaceLeaf } from './workspace-leaf';

/**
 * A sidebar leaf's tab in its tab strip, as Obsidian draws one: the title (cut with an ellipsis,
 * the whole title in `aria-label`, which Obsidian shows as the tab's tooltip; the fake sets `title`
 * too, so the browser shows it), a close button, and a middle click that closes the tab.
 */
export function addTabHeader(strip: HTMLElement, leaf: WorkspaceLeaf, reveal: () => void): void {
  const tab = strip.createDiv({ cls: 'workspace-tab-header', attr: { 'aria-label': '' } });
  const inner = tab.createDiv('workspace-tab-header-inner');
  leaf.tabHeaderEl = tab;
  leaf.tabHeaderInnerTitleEl = inner.createDiv('workspace-tab-header-inner-title');
  // Obsidian draws an "x" icon here; the playground's CSS draws the glyph, so the tab's text stays its title.
  const close = inner.createDiv({ cls: 'workspace-tab-header-inner-close-button', attr: { 'aria-label': 'Close', role: 'button' } });
  close.addEventListener('click', (event) => {
    event.stopPropagation();
    leaf.detach();
  });
  tab.addEventListener('click', reveal);
  // Obsidian closes a tab on a middle click.
  tab.addEventListener('auxclick', (event) => {
    if (event.button !== 1) return;
    event.preventDefault();
    leaf.detach();
  });
}

/** Shows `title` in the leaf's tab, whole in its tooltip. */
export function setTabTitle(leaf: WorkspaceLeaf, title: string): void {
  leaf.tabHeaderInnerTitleEl?.setText(title);
  leaf.tabHeaderEl?.setAttr('aria-label', title);
  leaf.tabHeaderEl?.setAttr('title', title);
}
