import fc from 'fast-check';
import { EditorView } from '@codemirror/view';
import { ConversationStore } from '../../src/obsidian/notes/conversation-store';
import { exportConversationNote } from '../../src/obsidian/notes/export-conversation-note';
import { insertAnswer } from '../../src/obsidian/insert-answer';
import { createConversation, type Conversation } from '../../src/conversation';
import { inertFileText, switchInertGuardOffForTests } from '../../src/inert';
import { clearPluginRuns, createFakeApp, editorInfoField, editorLivePreviewField, FakeDataviewPlugin, FakeEditor, FakeTemplaterPlugin, pluginRuns, renderReadingView, type App } from '../../tools/fake-obsidian';

// DESIGN.md 13.1, tested as the attacker did: Markdown built from what Dataview, Templater and
// Obsidian run or load (fences in ``` and ~~~ with dataview / dataviewjs / js-engine, inline code
// with every Unicode space around `$=` / `=`, raw HTML, remote images and embeds, footnotes,
// lists, quotes, `<%`), joined by every line ending (`\n`, `\r\n`, a lone `\r`), goes through
// the saved conversation note, the plain-Markdown export and Insert at cursor; each file is then
// created in a vault with the fake host's Dataview and Templater (tools/fake-obsidian/community),
// rendered in reading view with raw HTML live, and opened in Live Preview. Nothing may run or load.

const SPACES = ['', ' ', '\t', '\u00a0', '\f', '\v', '\u3000', '\u2003', '\u1680', '\u202f', '\ufeff', '  '];
const ENDINGS = ['\n', '\r\n', '\r'];
const LANGUAGES = ['dataviewjs', 'dataview', 'js-engine', 'DataviewJS', 'dataviewjs title', 'js', '', 'mermaid'];
const BODIES = ['dv.el("b", "x")', '$= dv.pages().length', '= this.file.name', '\u00a0$= dv.el("b","x")', '<%+ tp.file.title %>', '<img src=https://evil.example/c.png>'];

const space = fc.constantFrom(...SPACES);
const prefix = fc.constantFrom('', '- ', '1. ', '> ', '> - ', '  ', '[^1]: ', '- > ', '    ');
const query = fc.tuple(space, fc.constantFrom('$=', '='), space, fc.constantFrom('dv.el("b","x")', 'this.file.name')).map((parts) => parts.join(''));

/** One fragment: a list of lines (joined later by a random line ending). */
const fragment: fc.Arbitrary<readonly string[]> = fc.oneof(
  fc
    .record({ prefix, marker: fc.constantFrom('```', '~~~', '````'), language: fc.constantFrom(...LANGUAGES), gap: space, body: fc.constantFrom(...BODIES), close: fc.boolean(), lead: fc.constantFrom('', 'intro') })
    .map(({ prefix: before, marker, language, gap, body, close, lead }) => [
      ...(lead === '' ? [] : [lead]),
      `${before}${marker}${gap}${language}`,
      `${before.replace(/[^ >]/g, ' ')}${body}`,
      ...(close ? [`${before.replace(/[^ >]/g, ' ')}${marker}`] : []),
    ]),
  fc.tuple(prefix, fc.constantFrom('Pages: ', '', 'x '), fc.constantFrom('`', '``'), query).map(([before, text, ticks, code]) => [`${before}${text}${ticks}${code}${ticks} after`]),
  fc.tuple(prefix, query).map(([before, code]) => [`${before}${code}`]),
  fc.constantFrom(
    ['<img src="https://evil.example/raw.png">'],
    ['<iframe src=https://evil.example/frame></iframe>'],
    ['text <img src=https://evil.example/inline.png> text'],
    ['<!-- note --><img src=https://evil.example/after-comment.png>'],
    ['<div>', '<img src=https://evil.example/in-div.png>', '</div>'],
    ['![chart](https://evil.example/leak.png)'],
    ['![x](//evil.example/proto.png)'],
    ['![[https://evil.example/embed.png]]'],
    ['![ref][r]', '', '[r]: https://evil.example/ref.png'],
    ['![local](local.png) ![[Some note]]'],
    ['Text with a footnote[^1].', '', '[^1]: ```dataviewjs', '    dv.el("b","x")', '    ```'],
    ['<%* await tp.system.prompt("x") %>'],
    ['Now: <%+ tp.file.content %>'],
    ['`<% tp.date.now() %>`'],
    ['See [[<%* tp.system.prompt(\'x\') %>]] and [[Real note]].'],
    ['Setext', '==='],
    ['| a | b |', '| - | - |', '| `$= dv.el("b","x")` | c |'],
  ),
  fc.tuple(prefix, fc.constantFrom('plain words', '<%', '![a](https://evil.example/p.png)', '<b>bold</b>')).map(([before, text]) => [`${before}${text}`]),
);

const markdown = fc
  .tuple(fc.array(fragment, { minLength: 1, maxLength: 5 }), fc.array(fc.constantFrom(...ENDINGS), { minLength: 1, maxLength: 40 }), fc.array(fc.constantFrom('', '\n'), { minLength: 1, maxLength: 5 }))
  .map(([fragments, endings, gaps]) => {
    const lines = fragments.flatMap((lines, index) => [...lines, ...(gaps[index % gaps.length] === '' ? [] : [''])]);
    return lines.map((line, index) => `${line}${index === lines.length - 1 ? '' : endings[index % endings.length]}`).join('');
  });

interface Vault {
  readonly app: App;
  readonly templater: FakeTemplaterPlugin;
}

async function vaultWithPlugins(): Promise<Vault> {
  const app = createFakeApp({ rawHtml: true, files: { 'Real note.md': 'A note.\n', 'Notes/Mine.md': '# Mine\n\nMy text.\n' } });
  await app.loadPlugin(FakeDataviewPlugin, { id: 'dataview', name: 'Dataview', version: '0.5.68' } as never);
  const templater = await app.loadPlugin(FakeTemplaterPlugin, { id: 'templater-obsidian', name: 'Templater', version: '2.16.0' } as never);
  return { app, templater };
}

/** What loads by itself in rendered HTML: a remote image or any frame. */
function loads(root: ParentNode): string[] {
  return [...root.querySelectorAll('img, iframe')].map((element) => element.getAttribute('src') ?? '').filter((src) => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(src) || src === '');
}

/** The file opened as Obsidian would: Templater's on-create run has happened; reading view and Live Preview. */
async function openedInObsidian(vault: Vault, path: string): Promise<string[]> {
  await vault.templater.settled();
  const el = document.body.createDiv();
  const view = await renderReadingView(vault.app, { path, el });
  const loaded = loads(el);
  view.close();
  const editor = new EditorView({
    doc: vault.app.vault.readNow(path) ?? '',
    extensions: [editorLivePreviewField.init(() => true), editorInfoField.init(() => ({ file: vault.app.vault.getFileByPath(path) })), ...vault.app.editorExtensions],
    parent: document.body.createDiv(),
  });
  editor.destroy();
  document.body.replaceChildren();
  return loaded;
}

function conversationOf(text: string): Conversation {
  const base = createConversation({ model: 'model <%* x %>', now: 1_764_000_000_000 });
  return {
    ...base,
    title: text.slice(0, 40),
    messages: [
      { id: 'q1', role: 'user', content: text, at: 1_764_000_000_000 },
      { id: 'a1', role: 'assistant', content: text, at: 1_764_000_001_000 },
    ],
  };
}

/** Everything that ran or loaded when `text` went through the three writers and was opened in Obsidian. */
async function runThroughWriters(text: string): Promise<string[]> {
  clearPluginRuns();
  const vault = await vaultWithPlugins();
  const store = new ConversationStore({ vault: vault.app.vault as never, metadataCache: vault.app.metadataCache as never, folder: () => 'Glassbox/Conversations' });
  const saved = await store.save(conversationOf(text));
  const loaded = await openedInObsidian(vault, saved.file.path);

  const exported = await exportConversationNote({ vault: vault.app.vault as never, workspace: vault.app.workspace as never, file: saved.file });
  loaded.push(...(await openedInObsidian(vault, exported!.path)));

  const mine = vault.app.vault.getFileByPath('Notes/Mine.md')!;
  const editor = new FakeEditor(vault.app.vault.readNow('Notes/Mine.md') ?? '');
  editor.setCursor({ line: 2, ch: 8 });
  insertAnswer({ editor: editor as never, file: mine as never, editing: true }, text);
  // The note with the answer in it, read as Templater reads a created note (the strictest reader).
  await vault.app.vault.create('Notes/Mine with the answer.md', editor.getValue());
  loaded.push(...(await openedInObsidian(vault, 'Notes/Mine with the answer.md')));
  return [...pluginRuns.map((run) => `${run.kind}: ${run.code}`), ...loaded.map((src) => `loaded ${src}`)];
}

/** Everything that ran or loaded when `text` was written as a file the guard let through. */
async function runGuardedFile(text: string): Promise<string[]> {
  clearPluginRuns();
  try {
    inertFileText(text, { path: 'Raw.md' });
  } catch {
    return [];
  }
  const vault = await vaultWithPlugins();
  await vault.app.vault.create('Raw.md', text);
  const loaded = await openedInObsidian(vault, 'Raw.md');
  return [...pluginRuns.map((run) => `${run.kind}: ${run.code}`), ...loaded.map((src) => `loaded ${src}`)];
}

afterEach(() => switchInertGuardOffForTests(false));

describe('model text written by Glassbox, generated as an attacker would write it', () => {
  it('runs and loads nothing in the saved note, the plain-Markdown export or a note it was inserted into', async () => {
    await fc.assert(
      fc.asyncProperty(markdown, async (text) => {
        expect(await runThroughWriters(text)).toEqual([]);
      }),
      { numRuns: 50 },
    );
    // Each run creates three notes in a fresh fake vault and opens each in reading view and Live Preview.
  }, 120_000);

  it('lets through only files in which nothing runs or loads', async () => {
    await fc.assert(
      fc.asyncProperty(markdown, async (text) => {
        expect(await runGuardedFile(text)).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('fails with the guard switched off: fast-check then finds a file that runs or loads something', async () => {
    switchInertGuardOffForTests(true);
    await expect(
      fc.assert(
        fc.asyncProperty(markdown, async (text) => {
          expect(await runGuardedFile(text)).toEqual([]);
        }),
        { numRuns: 150 },
      ),
    ).rejects.toThrow(/Property failed/);
  });
});
