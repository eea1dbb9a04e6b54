import type { EditorView } from '@codemirror/view';
import { Component, MarkdownRenderer, MarkdownView, Menu, TFile, getFrontMatterInfo, parseYaml, type App } from '../../fake-obsidian';
import { buildCommandMenu } from './command-menu';
import { frameText } from './frame-strings';
import { openLivePreviewEditor } from './live-preview-editor';

/** The playground's Obsidian-like frame: title bar, file list, note pane, right sidebar. */
export interface PlaygroundFrame {
  readonly root: HTMLElement;
  readonly titlebar: HTMLElement;
  /** Shows the endpoint the settings name now (the title bar follows a changed Base URL or model). */
  setEndpoint(text: string): void;
  readonly sidebar: HTMLElement;
  /** Shows a note in the center pane (rendered through the fake `MarkdownRenderer`). */
  showNote(file: TFile): Promise<void>;
  /** Opens a note as the file explorer does: in the workspace's main leaf, active; the pane shows it. */
  openNote(file: TFile): Promise<void>;
  /** Rebuilds the file list (after the vault changed). */
  refreshFiles(): void;
}

const THEME_KEY = 'glassbox-playground-theme';

/** Light or dark, as Obsidian's body classes. */
export type PlaygroundTheme = 'light' | 'dark';

/** Applies a theme to the body (`theme-light` / `theme-dark`) and remembers it for the next load. */
export function applyTheme(theme: PlaygroundTheme): void {
  document.body.classList.toggle('theme-dark', theme === 'dark');
  document.body.classList.toggle('theme-light', theme === 'light');
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage may be off (private mode); the theme then lasts for this load only.
  }
}

/** The remembered theme, else the system's preference. */
export function initialTheme(): PlaygroundTheme {
  const fromQuery = new URLSearchParams(location.search).get('theme');
  if (fromQuery === 'dark' || fromQuery === 'light') return fromQuery;
  try {
    const saved = localStorage.getItem(THEME_KEY);
    if (saved === 'dark' || saved === 'light') return saved;
  } catch {
    // Fall through to the system preference.
  }
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * Builds the frame around the fake app's workspace: the right split (where the plugin's view
 * opens) moves into the sidebar; the ribbon moves into the title bar; the main split stays
 * hidden because the note pane shows the file the workspace opens (`file-open`).
 */
export function buildFrame(options: { app: App; vaultName: string; endpoint: string; onOpenSettings: () => void }): PlaygroundFrame {
  const { app } = options;
  const root = document.body.createDiv({ cls: 'playground-app' });
  const titlebar = root.createDiv({ cls: 'playground-titlebar' });
  titlebar.createSpan({ cls: 'playground-title', text: frameText('title') });
  titlebar.createSpan({ cls: 'playground-vault', text: frameText('vault', options.vaultName) });
  titlebar.createSpan({ cls: 'playground-spacer' });
  const endpoint = titlebar.createSpan({ cls: 'playground-endpoint', text: options.endpoint, attr: { title: frameText('endpoint'), 'data-testid': 'playground-endpoint' } });
  titlebar.appendChild(app.workspace.ribbonEl);
  const settingsButton = titlebar.createEl('button', { text: frameText('settings'), attr: { 'data-testid': 'settings-open', type: 'button' } });
  settingsButton.addEventListener('click', options.onOpenSettings);
  buildCommandMenu({ app, titlebar, root });
  // Obsidian opens notes in Live Preview by default; the playground starts in reading view and can switch.
  let livePreview = false;
  const modeButton = titlebar.createEl('button', { text: frameText('livePreview'), attr: { 'data-testid': 'note-mode-toggle', type: 'button', 'aria-pressed': 'false' } });
  modeButton.addEventListener('click', () => {
    livePreview = !livePreview;
    modeButton.setText(livePreview ? frameText('readingView') : frameText('livePreview'));
    modeButton.setAttr('aria-pressed', livePreview ? 'true' : 'false');
    if (shown !== null) void showNote(shown);
  });
  const themeButton = titlebar.createEl('button', { attr: { 'data-testid': 'theme-toggle', type: 'button' } });
  const labelTheme = (): void => {
    const dark = document.body.classList.contains('theme-dark');
    themeButton.setText(dark ? frameText('lightTheme') : frameText('darkTheme'));
    themeButton.setAttr('aria-pressed', dark ? 'true' : 'false');
  };
  themeButton.addEventListener('click', () => {
    applyTheme(document.body.classList.contains('theme-dark') ? 'light' : 'dark');
    labelTheme();
    app.workspace.trigger('css-change');
  });
  labelTheme();

  const files = root.createEl('nav', { cls: 'playground-files', attr: { 'aria-label': frameText('files'), 'data-testid': 'file-list' } });
  const notePane = root.createEl('main', { cls: 'playground-note', attr: { 'data-testid': 'note-pane' } });
  const sidebar = root.createEl('aside', { cls: 'playground-sidebar', attr: { 'aria-label': frameText('sidebar') } });
  const workspaceEl = app.workspace.containerEl;
  const rightSplit = workspaceEl.querySelector('.mod-right-split');
  if (rightSplit) sidebar.appendChild(rightSplit);
  workspaceEl.hidden = true;
  // The status bar, as in Obsidian's bottom-right corner (the plugin's progress shows there).
  root.appendChild(app.statusBarEl);
  app.statusBarEl.addClass('playground-status-bar');

  let shown: TFile | null = null;
  let noteComponent: Component | null = null;
  let editor: EditorView | null = null;
  const showNote = async (file: TFile): Promise<void> => {
    shown = file;
    noteComponent?.unload();
    editor?.destroy();
    editor = null;
    const component = new Component();
    component.load();
    noteComponent = component;
    const content = await app.vault.cachedRead(file);
    if (shown !== file) return;
    notePane.empty();
    notePane.dataset.path = file.path;
    notePane.dataset.mode = livePreview ? 'live-preview' : 'reading';
    notePane.createEl('h1', { cls: 'inline-title', text: file.basename });
    if (livePreview) {
      editor = openLivePreviewEditor({ app, file, content, parent: notePane.createDiv({ cls: 'markdown-source-view mod-cm6 is-live-preview' }), onSelection: mirrorSelection });
      return;
    }
    const info = getFrontMatterInfo(content);
    if (info.exists) renderProperties(notePane, info.frontmatter);
    const body = notePane.createDiv({ cls: 'markdown-rendered markdown-preview-view' });
    await MarkdownRenderer.render(app, content.slice(info.contentStart), body, file.path, component);
    for (const item of Array.from(files.querySelectorAll<HTMLElement>('.nav-file-title'))) {
      item.toggleClass('is-active', item.dataset.path === file.path);
    }
  };
  // The workspace's Markdown view of the shown note: its editor is what editor commands and the
  // editor menu get. The Live Preview pane's selection is mirrored into it.
  const noteView = (): MarkdownView | null => {
    const leaf = app.workspace.getMostRecentLeaf();
    return leaf?.view instanceof MarkdownView && leaf.view.file?.path === shown?.path ? leaf.view : null;
  };
  const mirrorSelection = (view: EditorView): void => {
    const target = noteView()?.editor;
    if (!target) return;
    const text = view.state.doc.toString();
    if (target.getValue() !== text) target.setValue(text);
    const { anchor, head } = view.state.selection.main;
    target.setSelection(target.offsetToPos(anchor), target.offsetToPos(head));
  };
  // A click in the note makes its leaf active, as in Obsidian (the chat's leaf was, say).
  notePane.addEventListener('mousedown', () => {
    const view = noteView();
    if (view) app.workspace.setActiveLeaf(view.leaf, { focus: true });
  });
  // Right-click in Live Preview: the editor menu, filled by plugins through `editor-menu`.
  notePane.addEventListener('contextmenu', (event) => {
    const view = noteView();
    if (editor === null || view === null || !(event.target as HTMLElement).closest('.cm-editor')) return;
    app.workspace.setActiveLeaf(view.leaf, { focus: true });
    const menu = new Menu();
    app.workspace.trigger('editor-menu', menu, view.editor, view);
    if (menu.items.length === 0) return;
    event.preventDefault();
    menu.showAtMouseEvent(event);
  });
  // Internal links in the note pane open their note, as in Obsidian's reading view.
  notePane.addEventListener('click', (event) => {
    const link = (event.target as HTMLElement).closest('a.internal-link');
    if (!link) return;
    event.preventDefault();
    void app.workspace.openLinkText(link.getAttribute('data-href') ?? '', shown?.path ?? '', false);
  });

  // As a click in Obsidian's file explorer: the note opens in the main area's leaf and becomes the
  // active file (plugins hear `file-open` and `active-leaf-change`); the pane follows `file-open`.
  const openInWorkspace = async (file: TFile): Promise<void> => {
    await app.workspace.getLeaf(false).openFile(file, { active: true });
    await shownByWorkspace;
  };

  const refreshFiles = (): void => {
    files.empty();
    const byFolder = new Map<string, TFile[]>();
    for (const file of app.vault.getMarkdownFiles()) {
      const folder = file.parent?.path === '/' || file.parent === null ? '' : file.parent.path;
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
    }
    for (const folder of [...byFolder.keys()].sort((left, right) => left.localeCompare(right))) {
      if (folder !== '') files.createDiv({ cls: 'nav-folder-title', text: folder });
      const sorted = byFolder.get(folder)!.sort((left, right) => left.basename.localeCompare(right.basename));
      for (const file of sorted) {
        const item = files.createEl('button', { cls: 'nav-file-title', text: file.basename, attr: { type: 'button', 'data-path': file.path, 'data-testid': 'file-item', title: file.path } });
        if (shown?.path === file.path) item.addClass('is-active');
        item.addEventListener('click', () => void openInWorkspace(file));
      }
    }
  };
  refreshFiles();
  let shownByWorkspace: Promise<void> = Promise.resolve();
  app.workspace.on('file-open', (file: TFile | null) => {
    if (file) shownByWorkspace = showNote(file);
  });
  app.vault.on('create', refreshFiles);
  app.vault.on('delete', refreshFiles);
  app.vault.on('rename', refreshFiles);
  app.vault.on('modify', (file: TFile) => {
    if (shown?.path !== file.path) return;
    if (editor === null) {
      void showNote(file);
      return;
    }
    // A change the editor wrote itself is already on screen; re-opening would lose the cursor.
    const current = editor;
    void app.vault.cachedRead(file).then((text) => {
      if (editor === current && current.state.doc.toString() !== text) void showNote(file);
    });
  });
  return { root, titlebar, sidebar, showNote, openNote: openInWorkspace, refreshFiles, setEndpoint: (text) => endpoint.setText(text) };
}

/** Frontmatter as Obsidian's "Properties": names and values as text. */
function renderProperties(parent: HTMLElement, frontmatter: string): void {
  let data: Record<string, unknown>;
  try {
    data = parseYaml(frontmatter);
  } catch {
    return;
  }
  const list = parent.createEl('dl', { cls: 'playground-properties' });
  for (const [key, value] of Object.entries(data)) {
    list.createEl('dt', { text: key });
    list.createEl('dd', { text: Array.isArray(value) ? value.map(String).join(', ') : String(value) });
  }
}
