import type { PluginManifest } from 'obsidian';
import { createFakeApp, ItemView, Notice, noticeLog, clearNotices, Plugin, setIcon, normalizePath, type WorkspaceLeaf } from '../../../tools/fake-obsidian';

const manifest: PluginManifest = { id: 'sample', name: 'Sample', version: '1.0.0', minAppVersion: '1.11.4', author: '', description: '' };

class SampleView extends ItemView {
  static log: string[] = [];
  getViewType(): string {
    return 'sample';
  }
  getDisplayText(): string {
    return 'Sample';
  }
  protected override onOpen(): Promise<void> {
    SampleView.log.push('open');
    this.contentEl.createEl('p', { text: 'hello' });
    return Promise.resolve();
  }
  protected override onClose(): Promise<void> {
    SampleView.log.push('close');
    return Promise.resolve();
  }
}

class SamplePlugin extends Plugin {
  override async onload(): Promise<void> {
    this.registerView('sample', (leaf) => new SampleView(leaf));
    const saved = (await this.loadData()) as { opened?: number } | null;
    await this.saveData({ opened: (saved?.opened ?? 0) + 1 });
  }
}

const settle = (): Promise<void> => new Promise((resolve) => window.setTimeout(resolve, 0));

describe('fake Workspace', () => {
  beforeEach(() => (SampleView.log = []));

  it('setViewState builds the registered view, opens it and puts it in the leaf', async () => {
    const app = createFakeApp();
    await app.loadPlugin(SamplePlugin, manifest);
    const leaf = app.workspace.getRightLeaf(false)!;
    await leaf.setViewState({ type: 'sample', active: true });
    expect(leaf.view).toBeInstanceOf(SampleView);
    expect((leaf.view as SampleView).contentEl.textContent).toBe('hello');
    expect(leaf.view.containerEl.children[1]).toBe((leaf.view as SampleView).contentEl);
    expect(app.workspace.getLeavesOfType('sample')).toEqual([leaf]);
    expect(app.workspace.activeLeaf).toBe(leaf);
    expect(app.workspace.getActiveViewOfType(SampleView)).toBe(leaf.view);
    expect(SampleView.log).toEqual(['open']);
  });

  it('fires active-leaf-change, and revealLeaf expands the sidebar', async () => {
    const app = createFakeApp();
    const changes: (WorkspaceLeaf | null)[] = [];
    app.workspace.on('active-leaf-change', (leaf: WorkspaceLeaf | null) => changes.push(leaf));
    const leaf = app.workspace.getRightLeaf(false)!;
    expect(app.workspace.rightSplit.collapsed).toBe(true);
    await app.workspace.revealLeaf(leaf);
    expect(app.workspace.rightSplit.collapsed).toBe(false);
    expect(changes).toEqual([leaf]);
  });

  it('detachLeavesOfType closes the views and removes the leaves', async () => {
    const app = createFakeApp();
    await app.loadPlugin(SamplePlugin, manifest);
    await app.workspace.getRightLeaf(false)!.setViewState({ type: 'sample' });
    await app.workspace.getLeaf(true).setViewState({ type: 'sample' });
    app.workspace.detachLeavesOfType('sample');
    await settle();
    expect(app.workspace.getLeavesOfType('sample')).toEqual([]);
    expect(SampleView.log).toEqual(['open', 'open', 'close', 'close']);
  });

  it('unloading the plugin unregisters its view type and closes its views', async () => {
    const app = createFakeApp();
    await app.loadPlugin(SamplePlugin, manifest);
    await app.workspace.getRightLeaf(false)!.setViewState({ type: 'sample' });
    app.unloadPlugin('sample');
    await settle();
    expect(app.viewRegistry.isRegistered('sample')).toBe(false);
    expect(SampleView.log).toEqual(['open', 'close']);
  });

  it('onLayoutReady waits for the layout when it is not ready yet', () => {
    const app = createFakeApp({ layoutReady: false });
    const calls: string[] = [];
    app.workspace.onLayoutReady(() => calls.push('ready'));
    expect(calls).toEqual([]);
    app.workspace.setLayoutReady();
    expect(calls).toEqual(['ready']);
    app.workspace.onLayoutReady(() => calls.push('now'));
    expect(calls).toEqual(['ready', 'now']);
  });

  it('openLinkText resolves the link, records it and opens the file', async () => {
    const app = createFakeApp({ files: { 'Notes/Target.md': '# T' } });
    await app.workspace.openLinkText('Target', 'Chat.md', false);
    expect(app.workspace.openedLinks.map((link) => [link.linktext, link.sourcePath, link.file?.path])).toEqual([['Target', 'Chat.md', 'Notes/Target.md']]);
    expect(app.workspace.getActiveFile()?.path).toBe('Notes/Target.md');
  });
});

describe('fake Plugin data', () => {
  it('keeps data per plugin id across loads in the same app', async () => {
    const app = createFakeApp();
    await app.loadPlugin(SamplePlugin, manifest);
    app.unloadPlugin('sample');
    const plugin = await app.loadPlugin(SamplePlugin, manifest);
    expect(await plugin.loadData()).toEqual({ opened: 2 });
    expect(await app.vault.adapter.read(`${app.vault.configDir}/plugins/sample/data.json`)).toContain('"opened": 2');
  });
});

describe('fake Notice, setIcon, normalizePath', () => {
  afterEach(() => clearNotices());

  it('Notice logs its message and shows it in the document', () => {
    new Notice('Saved conversation');
    expect(noticeLog).toEqual(['Saved conversation']);
    expect(document.querySelector('.notice-container .notice')?.textContent).toBe('Saved conversation');
  });

  it('setIcon replaces the content with a labelled icon span', () => {
    const el = createDiv();
    el.setText('old');
    setIcon(el, 'message-square');
    expect(el.textContent).toBe('');
    expect(el.querySelector('[data-icon="message-square"]')?.getAttribute('aria-label')).toBe('message-square');
  });

  it.each([
    ['a//b/', 'a/b'],
    ['/lead\\back', 'lead/back'],
    ['', '/'],
    ['non\u00A0break', 'non break'],
  ])('normalizePath(%p) is %p', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });
});

describe('DOM helpers', () => {
  it('createEl/createDiv/createSpan take cls, text, attr, and parent placement', () => {
    const root = createDiv();
    const first = root.createDiv({ cls: ['a', 'b'], text: 'one', attr: { 'data-x': 1, hidden: true, gone: null } });
    const before = root.createSpan({ text: 'zero', prepend: true });
    const link = root.createEl('a', { href: 'https://x', title: 't' }, (el) => el.addClass('cb'));
    expect(root.firstChild).toBe(before);
    expect(first.className).toBe('a b');
    expect(first.getAttribute('data-x')).toBe('1');
    expect(first.hasAttribute('hidden')).toBe(true);
    expect(first.hasAttribute('gone')).toBe(false);
    expect(link.getAttribute('href')).toBe('https://x');
    expect(link.hasClass('cb')).toBe(true);
  });

  it('setText never parses HTML; empty, toggleClass, find and detach work', () => {
    const root = createDiv();
    const el = root.createDiv();
    el.setText('<img src=x onerror=alert(1)>');
    expect(el.querySelector('img')).toBeNull();
    el.appendText(' more');
    expect(el.getText()).toBe('<img src=x onerror=alert(1)> more');
    el.toggleClass('on', true);
    expect(root.find('.on')).toBe(el);
    expect(root.findAll('div')).toEqual([el]);
    el.toggleClass('on', false);
    expect(el.hasClass('on')).toBe(false);
    el.setAttr('aria-label', 'x');
    expect(el.getAttr('aria-label')).toBe('x');
    el.detach();
    expect(root.childNodes).toHaveLength(0);
    root.createSpan();
    root.empty();
    expect(root.childNodes).toHaveLength(0);
    expect(root.instanceOf(HTMLDivElement)).toBe(true);
  });
});
