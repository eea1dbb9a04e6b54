import { JSDOM } from 'jsdom';
import { exportHtml } from '../../src/conversation';
import { composeAssistantContent, type ReasoningPayload } from '../../src/markers';
import { legacyBanner } from '../markers/support/legacy-markers';
import { ConversationBuilder } from '../support/conversation-builder';

// Issue 28: the HTML export's structure, for what a real run does not easily make (a note write,
// a think section in the answer, an old tool banner, a status from a newer version); the hostile
// run through `glassbox export` is in tests/cli/export-command.test.ts.

const payload: ReasoningPayload = {
  v: 1,
  status: 'complete',
  startedAt: 1,
  endedAt: 15_001,
  elapsedMs: 12_000,
  usage: { promptTokens: 1200, completionTokens: 80 },
  steps: [
    { id: 's1', kind: 'thought', summary: 'Plan: edit the standup', detail: 'Ben\u001b[2J shipped.', at: 2 },
    {
      id: 's2',
      kind: 'tool',
      summary: 'Edited Meetings/Standup.md',
      at: 3,
      tool: { name: 'editNote', args: {}, status: 'ok', durationMs: 12, output: 'Edited.', change: { path: 'Meetings/Standup.md', added: 1, removed: 1, diff: ['-- Ben: <i>reviewing</i>', '+- Ben: shipped'] } },
    },
    { id: 's3', kind: 'future-kind' as 'tool', summary: 'From a newer Glassbox', at: 4, tool: { name: 'x" onclick="y', args: {}, status: 'paused" onfocus="z' as 'ok' } },
  ],
};

function page(): Document {
  const conversation = new ConversationBuilder()
    .with({ title: '</title><script>alert(1)</script>' })
    .user('Update the standup.')
    .assistant(composeAssistantContent(payload, `Done.\n\n<think>musing <b>bold</b></think>\n\n${legacyBanner({ result: '<svg onload=alert(2)>' })}`))
    .build();
  return new JSDOM(exportHtml(conversation, { clock: 'utc' })).window.document;
}

describe('exportHtml', () => {
  it('folds the run into <details> titled as the note shows it, with tokens, each step an item with status and duration', () => {
    const document = page();
    const block = document.querySelector('details.reasoning');
    expect(block?.querySelector(':scope > summary')?.textContent).toBe('Thought for 12s · 1,200 tokens in, 80 out');
    const items = [...(block?.querySelectorAll('li.step') ?? [])];
    expect(items.map((item) => item.querySelector('.summary')?.textContent)).toEqual(['Plan: edit the standup', 'Edited Meetings/Standup.md', 'From a newer Glassbox']);
    expect(items[1].querySelector('.facts')?.textContent).toBe('ok · 12 ms');
    expect(items[1].querySelector('pre.diff')?.textContent).toBe('Meetings/Standup.md +1 −1\n-- Ben: <i>reviewing</i>\n+- Ben: shipped');
    // Controls from a note or model never reach the page (nor a terminal it is printed to).
    expect(items[0].querySelector('.detail')?.textContent).toBe('Ben[2J shipped.');
  });

  it('a status or kind from a newer version is text, never an attribute it could break out of', () => {
    const document = page();
    const items = [...document.querySelectorAll('li.step')];
    expect(items[2].className).toBe('step kind-other tool-other');
    const attributes = [...document.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.name));
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
    expect(items[2].querySelector('.facts')?.textContent).toBe('paused" onfocus="z');
  });

  it('think sections and old tool banners of the answer are <details> too; the title is text', () => {
    const document = page();
    const summaries = [...document.querySelectorAll('section.assistant > details > summary')].map((summary) => summary.textContent);
    expect(summaries).toEqual(['Thought for 12s · 1,200 tokens in, 80 out', 'Thought', '🔍 Search notes']);
    expect(document.title).toBe('</title><script>alert(1)</script>');
    expect(document.querySelectorAll('script, svg, b')).toHaveLength(0);
    expect(document.querySelector('section.assistant .answer')?.textContent).toBe('Done.');
  });
});
