// Approval test for docs/markers.md: every example there is the codec's own output. Change the
// codec, then run `UPDATE_DOCS=1 npx jest tests/markers/markers-doc.test.ts` and review the diff.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { composeAssistantContent, parseAssistantContent, type ReasoningPayload } from '../../src/markers';
import { agentReasoningMarker, legacyBanner, secondsReasoningBlock } from './support/legacy-markers';

const DOC = join(__dirname, '../../docs/markers.md');

const payload: ReasoningPayload = {
  v: 1,
  status: 'complete',
  startedAt: 1763768491000,
  answerStartedAt: 1763768500000,
  endedAt: 1763768503000,
  elapsedMs: 9000,
  steps: [
    { id: 's1', kind: 'thought', summary: 'Look for the trip note', at: 1763768492000, thoughtType: 'planning' },
    {
      id: 's2',
      kind: 'tool',
      summary: 'Searched "trip --> May"',
      at: 1763768493000,
      tool: { name: 'localSearch', args: { query: 'trip --> May' }, status: 'ok', durationMs: 12, output: '<b>Trip 2024.md</b>', outputChars: 19 },
    },
  ],
  usage: { promptTokens: 812, completionTokens: 64 },
};

/** Named examples, in the order docs/markers.md shows them. */
const EXAMPLES: ReadonlyArray<readonly [string, string]> = [
  ['v1', composeAssistantContent(payload, 'The trip was in May, see [[Trip 2024]].')],
  ['legacy-seconds', `${secondsReasoningBlock(7, ['Searched the vault', 'Read [[Trip 2024]]'])}\n\nThe trip was in May.`],
  ['legacy-agent-reasoning', `${agentReasoningMarker('done', 4, ['Searching notes'])}\n\nThe trip was in May.`],
  [
    'legacy-banners',
    `I searched.${legacyBanner({ id: 'c1', result: 'Trip 2024.md: "May 3-10"' })} Then I read it.${legacyBanner({ id: 'c2', toolName: 'readNote', displayName: 'Read note', emoji: '📄', result: 'raw result text', encode: false })}\nIt was in May.`,
  ],
  ['think', '<think>\nThe user means the 2024 trip.\n</think>\n\nThe trip was in May.'],
  ['think-unclosed', '<think>\nStill weighing [[Trip 2024]] against'],
  ['malformed', '<!--REASONING_BLOCK:{"v":1,"status":"comp\n\nThe trip was in May.'],
  ['unclosed-banner', 'Searching… <!--TOOL_CALL_START:c1:localSearch:Search notes:🔍::true-->The trip was in May.'],
  ['fenced', 'The marker looks like this:\n\n```html\n<!--TOOL_CALL_START:c1:localSearch:Search notes:🔍::false-->\n<think>not a thought</think>\n```'],
];

function render(content: string): string {
  const parsed = parseAssistantContent(content);
  const json = JSON.stringify({ text: parsed.text, reasoning: parsed.reasoning, reasoningError: parsed.reasoningError, legacyToolCalls: parsed.legacyToolCalls, thinks: parsed.thinks }, null, 2);
  return ['Content:', '', '`````text', content, '`````', '', 'Parsed (what `glassbox inspect --message FILE` prints):', '', '```json', json, '```'].join('\n');
}

const begin = (name: string) => `<!-- BEGIN GENERATED EXAMPLE: ${name} -->`;
const end = (name: string) => `<!-- END GENERATED EXAMPLE: ${name} -->`;

function replaceBlock(doc: string, name: string, body: string): string | null {
  const start = doc.indexOf(begin(name));
  const stop = doc.indexOf(end(name));
  if (start === -1 || stop < start) return null;
  return `${doc.slice(0, start + begin(name).length)}\n${body}\n${doc.slice(stop)}`;
}

describe('docs/markers.md examples are the codec output', () => {
  let doc = readFileSync(DOC, 'utf8');
  const update = process.env.UPDATE_DOCS === '1';

  it.each(EXAMPLES)('example "%s"', (name, content) => {
    const updated = replaceBlock(doc, name, render(content));
    if (updated === null) throw new Error(`docs/markers.md has no "${begin(name)}" … "${end(name)}" block.`);
    if (update) {
      doc = updated;
      writeFileSync(DOC, doc);
    }
    expect(doc).toBe(updated);
  });
});
