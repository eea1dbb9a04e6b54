import { composeAssistantContent, parseAssistantContent, serializeReasoningBlock, type ReasoningPayload } from '../../src/markers';
import { MAX_PAYLOAD_DEPTH, readLeadingMarker } from '../../src/markers/read-leading-marker';
import { agentReasoningMarker, secondsReasoningBlock } from './support/legacy-markers';
import './support/marker-matchers';

const payload: ReasoningPayload = { v: 1, status: 'complete', startedAt: 1000, elapsedMs: 2000, steps: [] };
const marker = serializeReasoningBlock(payload);
const answer = 'The answer, citing [[Some note]].';

describe('readLeadingMarker', () => {
  it('finds no marker in ordinary text', () => {
    expect(readLeadingMarker('Hello')).toEqual({ reasoning: null, reasoningError: false, bodyStart: 0 });
  });

  it.each([
    ['spaces and line breaks', '  \n\t\r\n'],
    ['a byte-order mark', '\uFEFF'],
  ])('allows leading whitespace (%s) before the marker and drops it', (_name, prefix) => {
    const parsed = parseAssistantContent(`${prefix}${marker}\n\n${answer}`);
    expect(parsed.reasoning).toEqual(payload);
    expect(parsed.text).toBe(answer);
  });

  it.each([
    ['\\r\\n\\r\\n', '\r\n\r\n'],
    ['a single line break', '\n'],
    ['nothing', ''],
  ])('accepts %s between marker and answer', (_name, separator) => {
    expect(parseAssistantContent(`${marker}${separator}${answer}`).text).toBe(answer);
  });

  it('removes only one blank line, so an answer starting with a line break keeps it', () => {
    expect(parseAssistantContent(composeAssistantContent(payload, '\n\n# Heading')).text).toBe('\n\n# Heading');
  });

  it('reads only the first marker; a second one is literal text', () => {
    const content = `${marker}\n\n${marker}\n\n${answer}`;
    expect(parseAssistantContent(content).text).toBe(`${marker}\n\n${answer}`);
  });

  it('reads the first serialized form {"elapsed","steps"}', () => {
    expect(parseAssistantContent(`${secondsReasoningBlock(12, ['Searched', 'Read'])}\n\n${answer}`)).toMatchObject({
      reasoning: { v: 1, status: 'complete', elapsedMs: 12000, steps: [{ summary: 'Searched', kind: 'thought' }, { summary: 'Read' }] },
      reasoningError: false,
      text: answer,
    });
  });

  it.each([
    ['reasoning', 'reasoning'],
    ['done', 'complete'],
    ['COMPLETE', 'complete'],
    ['stopped', 'stopped'],
    ['whatever', 'complete'],
  ])('reads AGENT_REASONING with status word %s as %s', (word, status) => {
    const parsed = parseAssistantContent(`${agentReasoningMarker(word, 9.5, ['Step with : colon', 'Step -->'])}\n\n${answer}`);
    expect(parsed.reasoning).toMatchObject({ v: 1, status, elapsedMs: 9500, steps: [{ summary: 'Step with : colon' }, { summary: 'Step -->' }], legacyFormat: 'agent-reasoning' });
    expect(parsed.text).toBe(answer);
  });

  it('keeps a raw "-->" inside a JSON string of an older, unescaped payload', () => {
    const parsed = parseAssistantContent(`<!--REASONING_BLOCK:{"elapsed":1,"steps":["a --> b"]}-->\n\n${answer}`);
    expect(parsed.reasoning?.steps[0]?.summary).toBe('a --> b');
    expect(parsed.text).toBe(answer);
  });
});

describe('readLeadingMarker: malformed markers show "Reasoning unavailable" and keep the answer', () => {
  const nested = (depth: number) => `{"v":1,"status":"complete","startedAt":0,"elapsedMs":0,"steps":[],"x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  const cases: Array<[string, string]> = [
    ['truncated JSON', '<!--REASONING_BLOCK:{"v":1,"status":"compl-->'],
    ['truncated JSON, no -->', '<!--REASONING_BLOCK:{"v":1,"status":"compl'],
    ['missing -->', `${marker.slice(0, -3)}`],
    ['missing --> with a cut-off arrow', `${marker.slice(0, -1)}`],
    ['empty payload', '<!--REASONING_BLOCK:-->'],
    ['valid JSON string, not an object', '<!--REASONING_BLOCK:"just a string"-->'],
    ['valid JSON number', '<!--REASONING_BLOCK:42-->'],
    ['valid JSON array', '<!--REASONING_BLOCK:[1,2]-->'],
    ['null', '<!--REASONING_BLOCK:null-->'],
    ['unknown version', '<!--REASONING_BLOCK:{"v":2,"status":"complete","startedAt":0,"elapsedMs":0,"steps":[]}-->'],
    ['status as a number', '<!--REASONING_BLOCK:{"v":1,"status":3,"startedAt":0,"elapsedMs":0,"steps":[]}-->'],
    ['startedAt as a string', '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":"0","elapsedMs":0,"steps":[]}-->'],
    ['steps as an object', '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":0,"elapsedMs":0,"steps":{}}-->'],
    ['a step without id', '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":0,"elapsedMs":0,"steps":[{"kind":"thought","summary":"x","at":0}]}-->'],
    ['huge number (Infinity after parsing)', '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":1e999,"elapsedMs":0,"steps":[]}-->'],
    ['legacy steps of numbers', '<!--REASONING_BLOCK:{"elapsed":3,"steps":[1,2]}-->'],
    ['legacy elapsed as text', '<!--REASONING_BLOCK:{"elapsed":"3","steps":[]}-->'],
    ['deeply nested JSON', `<!--REASONING_BLOCK:${nested(100_000)}-->`],
    ['nesting just past the limit', `<!--REASONING_BLOCK:${nested(MAX_PAYLOAD_DEPTH)}-->`],
    ['AGENT_REASONING without seconds', '<!--AGENT_REASONING:done:["x"]-->'],
    ['AGENT_REASONING with bad seconds', '<!--AGENT_REASONING:done:abc:["x"]-->'],
    ['AGENT_REASONING with non-string steps', '<!--AGENT_REASONING:done:3:[{"a":1}]-->'],
    ['AGENT_REASONING truncated', '<!--AGENT_REASONING:done:3:["x", "y'],
  ];

  it.each(cases)('%s', (_name, badMarker) => {
    const parsed = parseAssistantContent(`${badMarker}\n\n${answer}`);
    expect(parsed.reasoning).toBeNull();
    expect(parsed.reasoningError).toBe(true);
    expect(parsed.text).toBe(answer);
    expect(parsed).toShowNoMarkerSyntax();
  });

  it('a complete JSON object with no --> followed directly by the answer', () => {
    const parsed = parseAssistantContent(`<!--REASONING_BLOCK:${JSON.stringify(payload)}${answer}`);
    expect(parsed).toMatchObject({ reasoning: null, reasoningError: true, text: answer });
  });

  it('an unclosed string does not swallow the lines after it', () => {
    const parsed = parseAssistantContent(`<!--REASONING_BLOCK:{"v":1,"status":"comp\n\n${answer}\n\nMore <!--TOOL_CALL_START:a:b-->`);
    expect(parsed.text).toBe(`${answer}\n\nMore `);
    expect(parsed.legacyToolCalls).toHaveLength(1);
  });

  it('huge but finite numbers are kept', () => {
    const parsed = parseAssistantContent(`<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":1e308,"elapsedMs":12345678901234567890,"steps":[]}-->`);
    expect(parsed.reasoning).toMatchObject({ startedAt: 1e308, elapsedMs: Number('12345678901234567890') });
  });

  it('nesting up to the limit is read', () => {
    const depth = MAX_PAYLOAD_DEPTH - 1;
    const parsed = parseAssistantContent(`<!--REASONING_BLOCK:${nested(depth)}-->`);
    expect(parsed.reasoningError).toBe(false);
  });

  it('a marker that is only its opening hides nothing else', () => {
    expect(parseAssistantContent('<!--REASONING_BLOCK:')).toMatchObject({ reasoning: null, reasoningError: true, text: '' });
  });
});
