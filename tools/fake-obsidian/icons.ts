/** A glyph for the icons whose look matters in the playground (a tool step's status, a citation's mark); others draw nothing. */
const GLYPHS: Readonly<Record<string, string>> = Object.freeze({ loader: '◌', check: '✓', x: '✕', ban: '⊘', minus: '⊖', 'alert-triangle': '⚠', 'x-circle': '⊗', 'arrow-up-right': '↗' });

/**
 * Obsidian's `setIcon`, without the SVGs: the parent gets one span naming the icon, so tests can
 * check which icon was set, and an `aria-label` so it is never silent. A few icons also show a
 * glyph, so the playground still shows a tool step's status.
 */
export function setIcon(parent: HTMLElement, iconId: string): void {
  parent.empty();
  const glyph = GLYPHS[iconId];
  parent.createSpan({ cls: `fake-icon lucide-${iconId}`, attr: { 'data-icon': iconId, 'aria-label': iconId }, ...(glyph !== undefined ? { text: glyph } : {}) });
}
