import { Component, MarkdownRenderer } from 'obsidian';
import { inertAnswerMarkdown } from '../../src/ui/message/inert-answer-markdown';
import { copyWithoutZeroWidth } from '../../src/ui/copy-without-zero-width';
import { insertAnswer } from '../../src/obsidian/insert-answer';
import { clearPluginRuns, createFakeApp, FakeDataviewPlugin, FakeEditor, FakeTemplaterPlugin, pluginRuns, type App } from '../../tools/fake-obsidian';

// Issue 36: the attacks on what the chat and the reading view show (each answer block goes to
// Obsidian's renderer through inertAnswerMarkdown), on Insert at cursor, and on what a copy
// carries. Rendered by the fake host's renderer with its Dataview and Templater stand-ins.

async function vault(): Promise<App> {
  const app = createFakeApp({ rawHtml: true, files: { 'Mine.md': 'Line one\n\nLine two\n' } });
  await app.loadPlugin(FakeDataviewPlugin, { id: 'dataview', name: 'Dataview', version: '0.5.68' } as never);
  await app.loadPlugin(FakeTemplaterPlugin, { id: 'templater-obsidian', name: 'Templater', version: '2.16.0' } as never);
  return app;
}

const component = new Component();

async function shown(app: App, answer: string): Promise<HTMLElement> {
  const el = document.body.createDiv();
  await MarkdownRenderer.render(app as never, inertAnswerMarkdown(answer), el, 'Mine.md', component);
  return el;
}

const ATTACKS = [
  ['an inline query after a no-break space', 'Count: `\u00a0$= dv.el("b", "x")`'],
  ['an inline query after an ideographic space', 'Name: `\u3000= this.file.name`'],
  ['a dataviewjs fence after a lone \\r', 'intro\r```dataviewjs\rdv.el("b", "x")\r```'],
] as const;

beforeEach(clearPluginRuns);
afterEach(() => {
  component.unload();
  document.body.replaceChildren();
});

describe('what the chat and reading view render of an answer', () => {
  it.each(ATTACKS)('runs and loads nothing: %s', async (_name, answer) => {
    const app = await vault();
    const el = await shown(app, answer);
    expect(pluginRuns).toEqual([]);
    expect(el.querySelectorAll('img[src^="https:"], iframe')).toHaveLength(0);
  });
});

describe('Insert at cursor', () => {
  it.each(ATTACKS)('puts the answer in the note so that nothing runs: %s', async (_name, answer) => {
    const app = await vault();
    const editor = new FakeEditor(app.vault.readNow('Mine.md') ?? '');
    editor.setCursor({ line: 2, ch: 8 });
    insertAnswer({ editor: editor as never, file: app.vault.getFileByPath('Mine.md') as never, editing: true }, answer);
    const el = document.body.createDiv();
    await MarkdownRenderer.render(app as never, editor.getValue(), el, 'Mine.md', component);
    expect(pluginRuns).toEqual([]);
    expect(el.querySelectorAll('img[src^="https:"], iframe')).toHaveLength(0);
    expect(editor.getValue().replace(/\u200b/g, '')).toContain(answer);
  });
});

describe('a copy from model text Glassbox shows', () => {
  function copyEvent(): { event: Event; data: Map<string, string> } {
    const data = new Map<string, string>();
    const event = new Event('copy', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'clipboardData', { value: { setData: (type: string, value: string) => data.set(type, value) } });
    return { event, data };
  }

  it('carries what the model wrote: no zero-width space (a heredoc still ends)', async () => {
    const app = await vault();
    const root = document.body.createDiv();
    copyWithoutZeroWidth(root);
    const el = root.createDiv();
    await MarkdownRenderer.render(app as never, inertAnswerMarkdown('Run:\n\n- then\n\n  ```bash\n  cat <<EOF > out.txt\n  hi\n  EOF\n  ```'), el, 'Mine.md', component);
    const code = el.querySelector('pre code')!;
    expect(code.textContent).toContain('<<\u200bEOF');
    const selection = document.getSelection()!;
    selection.selectAllChildren(code);
    const { event, data } = copyEvent();
    code.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(data.get('text/plain')).toBe('cat <<EOF > out.txt\nhi\nEOF\n');
  });

  it('leaves a copy without zero-width spaces to the browser', () => {
    const root = document.body.createDiv();
    copyWithoutZeroWidth(root);
    const p = root.createEl('p', { text: 'plain words' });
    document.getSelection()!.selectAllChildren(p);
    const { event, data } = copyEvent();
    p.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(data.size).toBe(0);
  });

  it("takes over a code block's copy button, writing the code without zero-width spaces", async () => {
    const written: string[] = [];
    Object.defineProperty(window.navigator, 'clipboard', { configurable: true, value: { writeText: (text: string) => Promise.resolve(void written.push(text)) } });
    const root = document.body.createDiv();
    copyWithoutZeroWidth(root);
    const pre = root.createEl('pre');
    pre.createEl('code', { text: 'x <<\u200bEOF\n' });
    const button = pre.createEl('button', { cls: 'copy-code-button' });
    let obsidianCopied = false;
    button.addEventListener('click', () => (obsidianCopied = true));
    button.click();
    expect(written).toEqual(['x <<EOF\n']);
    expect(obsidianCopied).toBe(false);
  });
});
