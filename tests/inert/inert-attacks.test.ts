import { exportPlainMarkdown, parseConversationNote, serializeConversationNote, type Conversation } from '../../src/conversation';
import { findLiveForms, inertFileText, LiveTextError } from '../../src/inert';
import { composeAssistantContent, type ReasoningPayload } from '../../src/markers';
import { ConversationBuilder } from '../support/conversation-builder';

// Issue 36, one test per attack the probe found (the built CLI against a scripted server and the
// fake host with its Dataview and Templater stand-ins). Each note or export is read by the
// writer's own parse (`findLiveForms`: what Dataview, Templater and Obsidian run or load) and
// must load back to the same conversation.

const TEMPLATER_CITE = "[[<%* tp.system.prompt('x') %>]]";

function saved(conversation: Conversation, resolvesNote?: (target: string) => boolean): string {
  return serializeConversationNote(conversation, { clock: 'utc', resolvesNote });
}

function roundTrips(conversation: Conversation, note: string, resolvesNote?: (target: string) => boolean): void {
  const parsed = parseConversationNote(note);
  if (!parsed.ok) throw parsed.error;
  expect(parsed.value.messages.map((message) => message.content)).toEqual(conversation.messages.map((message) => message.content));
  expect(parsed.value.title).toBe(conversation.title);
  expect(parsed.value.model).toBe(conversation.model);
  expect(serializeConversationNote(parsed.value, { clock: 'utc', resolvesNote })).toBe(note);
}

describe('the attacks of issue 36', () => {
  it('never copies a cited [[<%* … %>]] into the cited property; only notes that resolve are listed', () => {
    const conversation = new ConversationBuilder().user('Sources?').assistant(`See ${TEMPLATER_CITE}, [[Real note]] and [[Missing note]].`).build();
    const note = saved(conversation, (target) => target === 'Real note');
    const frontmatter = note.slice(0, note.indexOf('\n---\n'));
    expect(frontmatter).toContain('cited:\n  - "[[Real note]]"');
    expect(frontmatter).not.toContain('<%');
    expect(frontmatter).not.toContain('Missing note');
    expect(findLiveForms(note)).toEqual([]);
    roundTrips(conversation, note, (target) => target === 'Real note');
  });

  it('escapes a title and a model name holding Templater tags like message text, and reads them back', () => {
    const conversation = { ...new ConversationBuilder().user('<%* tp.system.prompt("t") %> please').assistant('ok').build(), title: '<%* tp.system.prompt("t") %> please', model: 'gpt <%+ tp.file.title %>' };
    const note = saved(conversation);
    expect(findLiveForms(note)).toEqual([]);
    roundTrips(conversation, note);
  });

  it('exports a search query holding <%* … %> and a tool output holding an <img> so that nothing runs or loads', () => {
    const payload: ReasoningPayload = {
      v: 1,
      status: 'complete',
      startedAt: 1,
      elapsedMs: 1000,
      steps: [
        { id: 's1', kind: 'tool', summary: 'Searched for "<%* await tp.system.prompt(\'q\') %>"', at: 2, tool: { name: 'localSearch', args: { query: "<%* await tp.system.prompt('q') %>" }, status: 'ok', output: 'Found: <img src=https://evil.example/x.png>\n<%+ tp.file.content %>', outputChars: 60 } },
      ],
    };
    const conversation = new ConversationBuilder().user('Find it').assistant(composeAssistantContent(payload, 'Done.')).build();
    const exported = exportPlainMarkdown(conversation, { clock: 'utc' });
    expect(findLiveForms(exported)).toEqual([]);
    // What the model and the tool wrote reads the same without the zero-width spaces.
    expect(exported.replace(/\u200b/g, '')).toContain('Searched for "<%* await tp.system.prompt(\'q\') %>"');
    expect(exported.replace(/\u200b/g, '')).toContain('Found: <img src=https://evil.example/x.png>');
  });

  it.each([
    ['no-break space', '\u00a0'],
    ['form feed', '\f'],
    ['ideographic space', '\u3000'],
    ['em space', '\u2003'],
  ])('breaks an inline query with a %s before $= (Dataview trims with trim())', (_name, space) => {
    const answer = `Count: \`${space}$= dv.el("b", "x")\` and \`${space}= this.file.name\``;
    const conversation = new ConversationBuilder().user('Count').assistant(answer).build();
    const note = saved(conversation);
    expect(findLiveForms(answer).length).toBeGreaterThan(0);
    expect(findLiveForms(note)).toEqual([]);
    roundTrips(conversation, note);
  });

  it('reads a lone \\r as a line break: a dataviewjs fence after one is neutralised', () => {
    const answer = 'intro\r```dataviewjs\rdv.el("b", "x")\r```\r\r<img src=https://evil.example/cr.png>';
    const conversation = new ConversationBuilder().user('Go').assistant(answer).build();
    const note = saved(conversation);
    expect(findLiveForms(answer).map((form) => form.what)).toContain('a code block in "dataviewjs", which a plugin runs');
    expect(findLiveForms(note)).toEqual([]);
    roundTrips(conversation, note);
  });

  it('sees fences in footnote definitions', () => {
    const answer = 'A claim[^1].\n\n[^1]: ```dataviewjs\n    dv.el("b", "x")\n    ```\n[^2]: ~~~js-engine\n    return 1\n    ~~~';
    const conversation = new ConversationBuilder().user('Go').assistant(answer).build();
    const note = saved(conversation);
    expect(findLiveForms(answer).map((form) => form.what)).toEqual(expect.arrayContaining(['a code block in "dataviewjs", which a plugin runs', 'a code block in "js-engine", which a plugin runs']));
    expect(findLiveForms(note)).toEqual([]);
    roundTrips(conversation, note);
  });

  it('refuses a file that would gain a live form, naming the line and column, and keeps the user\'s own', () => {
    expect(() => inertFileText('safe\nthen `$= dv.el("b", "x")`', { path: 'Note.md' })).toThrow(LiveTextError);
    expect(() => inertFileText('safe\nthen `$= dv.el("b", "x")`', { path: 'Note.md' })).toThrow(/"Note\.md": line 2, column 7 holds inline code starting with a Dataview query/);
    expect(() => inertFileText('a\r\rb <%* x %>', { path: 'N.md' })).toThrow(/line 3, column 3 holds a Templater tag "<%"/);
    const mine = 'My query: `= this.file.name`\n';
    expect(inertFileText(`${mine}\nAn answer.\n`, { path: 'Mine.md', before: mine })).toBe(`${mine}\nAn answer.\n`);
    expect(() => inertFileText(`${mine}\n\`$= dv.el("b", "x")\`\n`, { path: 'Mine.md', before: mine })).toThrow(LiveTextError);
    // Not one live form of a kind for another: the user's query replaced by the model's is refused.
    expect(() => inertFileText('My query: `= this.file.path`\n', { path: 'Mine.md', before: mine })).toThrow(LiveTextError);
    // An HTML page is HTML: only Templater's tags are looked for, unless it is named like a note.
    expect(inertFileText('<p>page</p>', { path: 'Export.html', format: 'html' })).toBe('<p>page</p>');
    expect(() => inertFileText('<p>&lt;%* x %></p><%* y %>', { path: 'Export.html', format: 'html' })).toThrow(/line 1, column 19 holds a Templater tag/);
    // JSON is data no plugin reads, as it is (`export --json --out x.json`), unless it is named like a note.
    expect(inertFileText('{"q": "<%* x %>"}', { path: 'export.json', format: 'data' })).toBe('{"q": "<%* x %>"}');
    expect(() => inertFileText('{"img": "![x](https://evil.example/a.png)"}', { path: 'export.md', format: 'data' })).toThrow(LiveTextError);
  });
});
