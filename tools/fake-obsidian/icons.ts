/**
 * Obsidian's `setIcon`, without the SVGs: the parent gets one span naming the icon, so tests can
 * check which icon was set, and an `aria-label` so it is never silent.
 */
export function setIcon(parent: HTMLElement, iconId: string): void {
  parent.empty();
  parent.createSpan({ cls: `fake-icon lucide-${iconId}`, attr: { 'data-icon': iconId, 'aria-label': iconId } });
}
