import fc from 'fast-check';
import { composeAssistantContent, parseAnswerBody, parseAssistantContent, type ReasoningPayload } from '../../src/markers';
import { agentReasoningMarker, legacyBanner, secondsReasoningBlock } from './support/legacy-markers';
import './support/marker-matchers';
import { nastyText } from './support/payload-arbitraries';

const payload: ReasoningPayload = {
  v: 1,
  status: 'complete',
  startedAt: 1763768491000,
  elapsedMs: 4200,
  steps: [{ id: 's1', kind: 'tool', summary: 'Searched "-->"', at: 1763768492000, tool: { name: 'localSearch', args: { query: '-->' }, status: 'ok' } }],
};

describe('parseAssistantContent: plain content', () => {
  it('a message with no markers is all visible Markdown', () => {
    const parsed = parseAssistantContent('Hello **world**');
    expect(parsed).toEqual({ reasoning: null, reasoningError: false, segments: [{ type: 'markdown', text: 'Hello **world**' }], text: 'Hello **world**', legacyToolCalls: [], thinks: [] });
  });

  it('empty content parses to nothing', () => {
    expect(parseAssistantContent('')).toEqual({ reasoning: null, reasoningError: false, segments: [], text: '', legacyToolCalls: [], thinks: [] });
  });

  it('does not throw on a non-string at runtime', () => {
    expect(parseAssistantContent(undefined as unknown as string).text).toBe('');
  });
});

describe('parseAssistantContent: legacy tool-call banners', () => {
  it('reads an ENC: result and decodes it', () => {
    const parsed = parseAssistantContent(`Let me look.${legacyBanner({ content: 'Searching…', result: 'a:b --> 100% "c"\nd' })}Done.`);
    expect(parsed.legacyToolCalls).toEqual([
      { id: 'call-1', toolName: 'localSearch', displayName: 'Search notes', emoji: '🔍', confirmationMessage: '', isExecuting: false, content: 'Searching…', result: 'a:b --> 100% "c"\nd' },
    ]);
    expect(parsed.segments.map((segment) => segment.type)).toEqual(['markdown', 'tool_call', 'markdown']);
    expect(parsed.text).toBe('Let me look.Done.');
    expect(parsed).toShowNoMarkerSyntax();
  });

  it('reads a raw result, colons and line breaks included', () => {
    const parsed = parseAssistantContent(legacyBanner({ result: 'raw: text\nover two lines', encode: false }));
    expect(parsed.legacyToolCalls[0]?.result).toBe('raw: text\nover two lines');
  });

  it('shows a broken ENC: encoding as written instead of losing it', () => {
    const parsed = parseAssistantContent('<!--TOOL_CALL_START:c:t:T:🔧::false--><!--TOOL_CALL_END:c:ENC:%E0%A4%A-->');
    expect(parsed.legacyToolCalls[0]?.result).toBe('%E0%A4%A');
  });

  it('keeps colons in the confirmation message and reads the executing flag from the last field', () => {
    const parsed = parseAssistantContent('<!--TOOL_CALL_START:c1:readNote:Read note:📄:Read "a:b.md"? Yes: ok:true-->still going');
    expect(parsed.legacyToolCalls).toEqual([
      { id: 'c1', toolName: 'readNote', displayName: 'Read note', emoji: '📄', confirmationMessage: 'Read "a:b.md"? Yes: ok', isExecuting: true, content: '', result: null },
    ]);
  });

  it('an unclosed banner shows as a banner and the text after it stays visible (decision: unclosed-tool-call-banner)', () => {
    const parsed = parseAssistantContent('Before <!--TOOL_CALL_START:c1:localSearch:Search:🔍::true-->The answer is 42.');
    expect(parsed.legacyToolCalls[0]).toMatchObject({ id: 'c1', isExecuting: true, result: null, content: '' });
    expect(parsed.text).toBe('Before The answer is 42.');
    expect(parsed).toShowNoMarkerSyntax();
  });

  it('a banner with an END is finished even if its header still says executing', () => {
    expect(parseAssistantContent(legacyBanner({ isExecuting: true })).legacyToolCalls[0]?.isExecuting).toBe(false);
  });

  it('a START before the next END leaves the first banner unclosed instead of swallowing the second', () => {
    const parsed = parseAssistantContent(`<!--TOOL_CALL_START:a:t:T:🔧::true-->middle ${legacyBanner({ id: 'b', result: 'B' })} end`);
    expect(parsed.legacyToolCalls.map((call) => [call.id, call.result])).toEqual([
      ['a', null],
      ['b', 'B'],
    ]);
    expect(parsed.text).toBe('middle  end');
  });

  it('falls back to the tool name when the display name is empty, and accepts short headers', () => {
    const parsed = parseAssistantContent('<!--TOOL_CALL_START:c:readNote-->x<!--TOOL_CALL_END:c:ok-->');
    expect(parsed.legacyToolCalls[0]).toMatchObject({ id: 'c', toolName: 'readNote', displayName: 'readNote', emoji: '', isExecuting: false, content: 'x', result: 'ok' });
  });

  it.each([
    ['no colon in the header', '<!--TOOL_CALL_START:garbage-->Answer', 'Answer'],
    ['no --> on the header line', '<!--TOOL_CALL_START:a:b:c\nAnswer', 'a:b:c\nAnswer'],
    ['a stray END', 'Answer<!--TOOL_CALL_END:x:ENC:abc--> more', 'Answer more'],
    ['a stray END with no -->', 'Answer <!--TOOL_CALL_END:x:y\nmore', 'Answer x:y\nmore'],
    ['an END with no -->', '<!--TOOL_CALL_START:a:b-->c<!--TOOL_CALL_END:a:result\nAnswer', '\nAnswer'],
  ])('a malformed banner (%s) never leaks marker syntax and keeps the answer', (_name, content, text) => {
    const parsed = parseAssistantContent(content);
    expect(parsed.text).toBe(text);
    expect(parsed).toShowNoMarkerSyntax();
  });
});

describe('parseAssistantContent: think sections', () => {
  it.each([
    ['<think>', '</think>'],
    ['<thinking>', '</thinking>'],
  ])('reads a closed %s section and hides it from the text', (open, close) => {
    const parsed = parseAssistantContent(`${open}\nWeighing notes A and B.\n${close}\n\nA is right.`);
    expect(parsed.thinks).toEqual([{ text: 'Weighing notes A and B.', closed: true }]);
    expect(parsed.text).toBe('\n\nA is right.');
    expect(parsed.segments.map((segment) => segment.type)).toEqual(['think', 'markdown']);
  });

  it('an unclosed think (still streaming) holds the rest of the message', () => {
    const parsed = parseAssistantContent('<think>Let me see… maybe [[Note]]');
    expect(parsed.thinks).toEqual([{ text: 'Let me see… maybe [[Note]]', closed: false }]);
    expect(parsed.text).toBe('');
  });

  it('reads several think sections in order among the text', () => {
    const parsed = parseAssistantContent('<think>one</think>\nA\n  <think>two</think>B');
    expect(parsed.thinks.map((think) => think.text)).toEqual(['one', 'two']);
    expect(parsed.text).toBe('\nA\n  B');
  });

  it('a <think> that does not open its line stays text (prose about the tag)', () => {
    const parsed = parseAssistantContent('Models wrap thoughts in <think> tags.');
    expect(parsed.thinks).toEqual([]);
    expect(parsed.text).toBe('Models wrap thoughts in <think> tags.');
  });
});

describe('parseAssistantContent: fenced code and positions', () => {
  const literalMarkers = [
    legacyBanner(),
    '<think>not a thought</think>',
    '<!--REASONING_BLOCK:{"v":1}-->',
    agentReasoningMarker('done', 3, ['x']),
  ].join('\n');

  it.each([
    ['backtick', '```', '```'],
    ['tilde', '~~~', '~~~'],
    ['long backtick closed by a longer run', '````md', '`````'],
    ['indented up to three spaces', '   ```', '  ```'],
  ])('markers inside a %s fence stay literal text', (_name, open, close) => {
    const content = `Example:\n${open}\n${literalMarkers}\n${close}\nAfter.`;
    const parsed = parseAssistantContent(content);
    expect(parsed.text).toBe(content);
    expect(parsed.legacyToolCalls).toEqual([]);
    expect(parsed.thinks).toEqual([]);
  });

  it('a shorter run or another fence character does not close the fence', () => {
    const content = `\`\`\`\`\n\`\`\`\n~~~~\n${legacyBanner()}\n\`\`\`\``;
    expect(parseAssistantContent(content).text).toBe(content);
  });

  it('a backtick fence with a backtick in its info string is not a fence', () => {
    const parsed = parseAssistantContent(`\`\`\` a\`b\n${legacyBanner()}`);
    expect(parsed.legacyToolCalls).toHaveLength(1);
  });

  it('an unclosed fence runs to the end of the message', () => {
    const content = `\`\`\`\n${legacyBanner()}\n<think>x`;
    expect(parseAssistantContent(content).text).toBe(content);
  });

  it('markers after a closed fence are read again', () => {
    const parsed = parseAssistantContent(`\`\`\`\ncode\n\`\`\`\n${legacyBanner()}`);
    expect(parsed.legacyToolCalls).toHaveLength(1);
    expect(parsed.text).toBe('```\ncode\n```\n');
  });

  it('a fence indented four spaces is not a fence', () => {
    expect(parseAssistantContent(`    \`\`\`\n${legacyBanner()}`).legacyToolCalls).toHaveLength(1);
  });

  it('a REASONING_BLOCK after other text is literal text, not reasoning', () => {
    const content = `Answer first.\n${composeAssistantContent(payload, 'x')}`;
    const parsed = parseAssistantContent(content);
    expect(parsed.reasoning).toBeNull();
    expect(parsed.reasoningError).toBe(false);
    expect(parsed.text).toBe(content);
  });

  it('a REASONING_BLOCK in a fence at the start of the message is not read', () => {
    const content = `\`\`\`\n${composeAssistantContent(payload, 'x')}\n\`\`\``;
    expect(parseAssistantContent(content)).toMatchObject({ reasoning: null, reasoningError: false, text: content });
  });
});

describe('parseAssistantContent: notes mixing forms', () => {
  it('reads a seconds-form block, banners with ENC and raw results, think and fenced code together', () => {
    const content = [
      secondsReasoningBlock(7, ['Searched the vault', 'Read [[Trip]]']),
      '',
      '<think>plan</think>',
      `I searched.${legacyBanner({ id: 'a', result: 'one & two' })} Then read.${legacyBanner({ id: 'b', toolName: 'readNote', result: 'raw text', encode: false })}`,
      '```',
      legacyBanner({ id: 'literal' }),
      '```',
      'The trip was in May.',
    ].join('\n');
    const parsed = parseAssistantContent(content);
    expect(parsed.reasoning).toMatchObject({ v: 1, elapsedMs: 7000, steps: [{ summary: 'Searched the vault' }, { summary: 'Read [[Trip]]' }] });
    expect(parsed.thinks).toEqual([{ text: 'plan', closed: true }]);
    expect(parsed.legacyToolCalls.map((call) => [call.id, call.result])).toEqual([
      ['a', 'one & two'],
      ['b', 'raw text'],
    ]);
    expect(parsed.text).toBe(`\nI searched. Then read.\n\`\`\`\n${legacyBanner({ id: 'literal' })}\n\`\`\`\nThe trip was in May.`);
    expect(parsed.segments.map((segment) => segment.type)).toEqual(['think', 'markdown', 'tool_call', 'markdown', 'tool_call', 'markdown']);
  });

  it('reads an AGENT_REASONING live marker followed by banners', () => {
    const parsed = parseAssistantContent(`${agentReasoningMarker('reasoning', 5, ['Looking'])}\n${legacyBanner()}\nAnswer`);
    expect(parsed.reasoning).toMatchObject({ status: 'reasoning', elapsedMs: 5000, steps: [{ summary: 'Looking' }] });
    expect(parsed.legacyToolCalls).toHaveLength(1);
    expect(parsed.text).toBe('\nAnswer');
  });
});

describe('parseAssistantContent: marker soup (property-based)', () => {
  const piece = fc.oneof(
    { weight: 1, arbitrary: nastyText(12) },
    { weight: 5, arbitrary: fc.constantFrom(
      '<!--TOOL_CALL_START:',
      '<!--TOOL_CALL_',
      'START:',
      '<!--TOOL_CALL_END:',
      'END:',
      'c1:localSearch:Search:🔍:ok?:true',
      'garbage',
      '-->',
      ':',
      '\n',
      '<think>',
      '</think>',
      '<thinking>',
      'ENC:%41%',
      legacyBanner(),
      '<!--REASONING_BLOCK:',
      '{"v":1',
      '}',
    ) },
  );
  const soup = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(''));

  it('never throws and never shows a tool-call marker opening outside code', () => {
    fc.assert(
      fc.property(soup, (content) => {
        fc.pre(!content.includes('```') && !content.includes('~~~'));
        const parsed = parseAssistantContent(content);
        expect(parsed.text).not.toContain('<!--TOOL_CALL_START:');
        expect(parsed.text).not.toContain('<!--TOOL_CALL_END:');
        expect(parsed.segments.filter((segment) => segment.type === 'markdown').map((segment) => segment.text).join('')).toBe(parsed.text);
      }),
      { numRuns: 1500 },
    );
  });

  it('removing a banner does not let the text around it spell a new marker opening', () => {
    const parsed = parseAssistantContent(`Before <!--TOOL_CALL_${legacyBanner()}START:after`);
    expect(parsed.legacyToolCalls).toHaveLength(1);
    expect(parsed.text).toBe('Before START:after');
  });
});

// Regression: DESIGN.md 3.3 — a malformed marker never hides the answer, even with no `-->`
// and no blank line between it and the answer.
describe('parseAssistantContent: a broken marker directly followed by the answer', () => {
  it.each([
    ['bad JSON', '<!--REASONING_BLOCK:{"v":1, broken\nThe answer.\nSecond line.'],
    ['no payload at all', '<!--REASONING_BLOCK:\nThe answer.\nSecond line.'],
  ])('%s: "Reasoning unavailable", and every answer line stays visible', (_name, content) => {
    const parsed = parseAssistantContent(content);
    expect(parsed.reasoningError).toBe(true);
    expect(parsed.text).toBe('The answer.\nSecond line.');
    expect(parsed).toShowNoMarkerSyntax();
  });
});

describe('parseAnswerBody', () => {
  const bodyOf = (content: string) => {
    const { segments, text, legacyToolCalls, thinks } = parseAssistantContent(content);
    return { segments, text, legacyToolCalls, thinks };
  };

  it('a body without "<" (read without a scan while it streams) is what the full parse gives', () => {
    const withoutLessThan = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '`', '-', '>', '!', ':', '$', '~', 'T', '*') });
    fc.assert(fc.property(withoutLessThan, (body) => {
      expect(parseAnswerBody(body)).toEqual(bodyOf(body));
    }));
    expect(parseAnswerBody('```\ncode -->\n```\n\nTOOL_CALL_START: x -->')).toEqual(bodyOf('```\ncode -->\n```\n\nTOOL_CALL_START: x -->'));
  });

  it('a body with think tags or banners is still scanned', () => {
    const body = `<think>plan</think>Answer ${legacyBanner({ id: 't1', toolName: 'localSearch', result: 'ok' })} after.`;
    expect(parseAnswerBody(body)).toEqual(bodyOf(body));
    expect(parseAnswerBody(body).thinks).toHaveLength(1);
  });
});

