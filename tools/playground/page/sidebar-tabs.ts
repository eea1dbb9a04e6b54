import type { App, WorkspaceLeaf } from '../../fake-obsidian';

type SavedTabs = { type: string; state?: Record<string, unknown>; title?: string }[];

const layoutKey = (vaultName: string): string => `glassbox-playground-tabs:${vaultName}`;

/**
 * The right sidebar's tabs across a reload, as Obsidian keeps them in `workspace.json`: saved on
 * every layout change and when the page goes away (a view's state, such as the chat's note, may
 * change without one), restored at startup as Obsidian restores them (deferred until shown).
 * The note pane is not kept: the playground opens Home.
 */
export function restoreSidebarTabs(app: App, vaultName: string): void {
  let saved: unknown;
  try {
    saved = JSON.parse(localStorage.getItem(layoutKey(vaultName)) ?? 'null');
  } catch {
    saved = null;
  }
  if (Array.isArray(saved)) {
    const tabs = (saved as unknown[]).filter((tab): tab is SavedTabs[number] => typeof tab === 'object' && tab !== null && typeof (tab as { type?: unknown }).type === 'string');
    app.workspace.restoreLayout({ main: [], left: [], right: tabs });
  }
  const save = (): void => {
    try {
      localStorage.setItem(layoutKey(vaultName), JSON.stringify(app.workspace.getLayout().right));
    } catch {
      // Storage may be off (private mode): the tabs then last for this load only.
    }
  };
  app.workspace.on('layout-change', save);
  window.addEventListener('pagehide', save);
}

/**
 * Obsidian's "Close current tab" (Ctrl/Cmd+W) for the sidebar's tabs: the tab the keys were
 * pressed in, else the active one when it is in the sidebar. A browser may keep Ctrl+W for its own
 * tab; the tab's × and a middle click close it too.
 */
export function closeTabOnCtrlW(app: App): void {
  document.addEventListener('keydown', (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'w') return;
    const target = event.target as Node | null;
    const leaves: WorkspaceLeaf[] = [];
    app.workspace.iterateAllLeaves((leaf) => {
      if (leaf.side !== 'main') leaves.push(leaf);
    });
    const active = app.workspace.activeLeaf;
    const leaf = leaves.find((candidate) => target !== null && candidate.containerEl?.contains(target) === true) ?? (active !== null && active.side !== 'main' ? active : undefined);
    if (leaf === undefined) return;
    event.preventDefault();
    leaf.detach();
  });
}
