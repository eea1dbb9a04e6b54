import { EditorView } from '@codemirror/view';
import { Component, createFakeApp, FakeDataviewPlugin, FakeTemplaterPlugin, MarkdownRenderer, clearPluginRuns, pluginRuns, renderReadingView, type App } from '../../../../tools/fake-obsidian';

// The positive controls: the stand-ins for Dataview and Templater run what the real plugins run
// in a user's own note, so a test that sees them NOT run on model text shows something.

const USER_NOTE = [
  '# My dashboard',
  '',
  '```dataviewjs',
  'dv.paragraph("ran")',
  '```',
  '',
  'Pages: `$= dv.pages().length` and `= this.file.name`.',
  '',
  'Now: <%+ tp.date.now() %>',
  '',
  '<%* tR += "created" %>',
].join('\n');

async function appWithPlugins(files: Record<string, string> = {}, layoutReady = true): Promise<{ app: App; templater: FakeTemplaterPlugin }> {
  const app = createFakeApp({ files, layoutReady });
  await app.loadPlugin(FakeDataviewPlugin, { id: 'dataview', name: 'Dataview', version: '0.5.68' } as never);
  const templater = await app.loadPlugin(FakeTemplaterPlugin, { id: 'templater-obsidian', name: 'Templater', version: '2.16.0' } as never);
  return { app, templater };
}

beforeEach(clearPluginRuns);
afterEach(() => document.body.replaceChildren());

describe('fake Dataview and Templater on a user note', () => {
  it('run the dataviewjs block, both inline queries and the dynamic command in its reading view', async () => {
    const { app } = await appWithPlugins({ 'Dashboard.md': USER_NOTE });
    const el = document.body.createDiv();
    await renderReadingView(app, { path: 'Dashboard.md', el });
    expect(pluginRuns.map((run) => [run.kind, run.code])).toEqual([
      ['dataviewjs-block', 'dv.paragraph("ran")\n'],
      ['dataview-inline-js', '$= dv.pages().length'],
      ['dataview-inline-query', '= this.file.name'],
      ['templater-dynamic', '<%+ tp.date.now() %>'],
    ]);
    expect(el.querySelector('.block-language-dataviewjs')?.getAttribute('data-fake-plugin-ran')).toBe('dataviewjs-block');
  });

  it('run in a plugin view that renders Markdown with an existing note as sourcePath, not without one', async () => {
    const { app } = await appWithPlugins({ 'Chats/Today.md': '' });
    const component = new Component();
    await MarkdownRenderer.render(app, 'Now: <%+ tp.date.now() %>', document.body.createDiv(), 'Chats/Today.md', component);
    await MarkdownRenderer.render(app, 'Now: <%+ tp.date.now() %>', document.body.createDiv(), 'Chats/Missing.md', component);
    component.unload();
    expect(pluginRuns.map((run) => [run.kind, run.sourcePath])).toEqual([['templater-dynamic', 'Chats/Today.md']]);
  });

  it('Templater runs every command of a note created after the layout is ready, a moment after its creation', async () => {
    const { app, templater } = await appWithPlugins({}, false);
    await app.vault.create('Before layout.md', '<%* tR += "early" %>');
    await templater.settled();
    expect(pluginRuns).toEqual([]);
    app.workspace.setLayoutReady();
    await app.vault.create('New.md', USER_NOTE);
    expect(pluginRuns).toEqual([]);
    await templater.settled();
    expect(pluginRuns.map((run) => [run.kind, run.code])).toEqual([
      ['templater-on-create', '<%+ tp.date.now() %>'],
      ['templater-on-create', '<%* tR += "created" %>'],
    ]);
  });

  it('Dataview runs inline queries and dataviewjs blocks in a Live Preview editor', async () => {
    const { app } = await appWithPlugins();
    const view = new EditorView({ doc: USER_NOTE, extensions: [...app.editorExtensions], parent: document.body.createDiv() });
    expect(pluginRuns.map((run) => run.code)).toEqual(['$= dv.pages().length', '= this.file.name', 'dv.paragraph("ran")\n']);
    view.destroy();
  });
});
