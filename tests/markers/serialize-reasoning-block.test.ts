import fc from 'fast-check';
import { composeAssistantContent, parseAssistantContent, serializeReasoningBlock, type ReasoningPayload } from '../../src/markers';
import { nastyText, plainAnswer, reasoningPayload } from './support/payload-arbitraries';
import './support/marker-matchers';

const basePayload: ReasoningPayload = { v: 1, status: 'complete', startedAt: 1763768491000, elapsedMs: 12000, steps: [] };

describe('serializeReasoningBlock', () => {
  it('writes one marker line with the JSON payload', () => {
    expect(serializeReasoningBlock(basePayload)).toBe(
      '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":1763768491000,"elapsedMs":12000,"steps":[]}-->',
    );
  });

  it('escapes every < and > so a step holding "-->" cannot close the comment early (issue 3)', () => {
    const payload: ReasoningPayload = {
      ...basePayload,
      steps: [{ id: 's1', kind: 'thought', summary: 'a --> b <!-- c </script> d --!>', at: 1 }],
    };
    const marker = serializeReasoningBlock(payload);
    const inner = marker.slice('<!--REASONING_BLOCK:'.length, -'-->'.length);
    expect(inner).not.toMatch(/[<>]/);
    expect(inner).toContain('a --\\u003e b \\u003c!-- c \\u003c/script\\u003e d --!\\u003e');
    expect(marker.indexOf('-->')).toBe(marker.length - 3);
  });

  it('keeps the marker on one line whatever the text holds', () => {
    const payload: ReasoningPayload = { ...basePayload, error: 'line one\nline two\r\n\u2028' };
    expect(serializeReasoningBlock(payload)).not.toMatch(/[\r\n]/);
  });
});

describe('composeAssistantContent', () => {
  it('puts the marker, a blank line, then the answer', () => {
    expect(composeAssistantContent(basePayload, 'See [[Note]].')).toBe(`${serializeReasoningBlock(basePayload)}\n\nSee [[Note]].`);
  });

  it('gives the answer alone when there is no payload', () => {
    expect(composeAssistantContent(null, 'Just text')).toBe('Just text');
  });
});

describe('round trip (property-based)', () => {
  it('serialize → parse gives the same payload and the same answer', () => {
    fc.assert(
      fc.property(reasoningPayload, plainAnswer, (payload, answer) => {
        const parsed = parseAssistantContent(composeAssistantContent(payload, answer));
        expect(parsed.reasoningError).toBe(false);
        expect(parsed.reasoning).toEqual(payload);
        expect(parsed.text).toBe(answer);
        expect(parsed.segments).toEqual(answer === '' ? [] : [{ type: 'markdown', text: answer }]);
      }),
      { numRuns: 2500 },
    );
  });

  it('keeps very long strings and deep extra fields', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 20_000, maxLength: 60_000 }), (long) => {
        const payload: ReasoningPayload = {
          ...basePayload,
          steps: [{ id: 'x', kind: 'tool', summary: long.slice(0, 120), detail: long, at: 2, tool: { name: 'readNote', args: { path: long }, status: 'ok', output: long } }],
          futureField: { nested: [[[{ deep: long }]]] },
        };
        const parsed = parseAssistantContent(composeAssistantContent(payload, long));
        expect(parsed.reasoning).toEqual(payload);
        expect(parsed.text).toBe(long);
      }),
      { numRuns: 20 },
    );
  });

  it('a marker cut off anywhere is "unavailable" and the answer after it still shows', () => {
    fc.assert(
      fc.property(reasoningPayload, plainAnswer, fc.double({ min: 0, max: 1, noNaN: true }), (payload, answer, where) => {
        const marker = serializeReasoningBlock(payload);
        const cut = '<!--REASONING_BLOCK:'.length + Math.floor(where * (marker.length - '<!--REASONING_BLOCK:'.length));
        const parsed = parseAssistantContent(`${marker.slice(0, Math.min(cut, marker.length - 1))}\n\n${answer}`);
        expect(parsed.reasoning).toBeNull();
        expect(parsed.reasoningError).toBe(true);
        expect(parsed.text).toBe(answer);
      }),
      { numRuns: 1000 },
    );
  });

  it('an extra field named __proto__ survives as data, not as a prototype', () => {
    const content = '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":0,"elapsedMs":0,"steps":[],"__proto__":{"polluted":true}}-->\n\nA';
    const reasoning = parseAssistantContent(content).reasoning;
    expect(Object.prototype.hasOwnProperty.call(reasoning, '__proto__')).toBe(true);
    expect((reasoning as unknown as { polluted?: boolean }).polluted).toBeUndefined();
    expect(composeAssistantContent(reasoning, 'A')).toBe(content);
  });

  it('lone surrogates come back as they went in', () => {
    const payload: ReasoningPayload = { ...basePayload, steps: [{ id: '\uD800', kind: 'thought', summary: 'x\uDC00y\uD83D', at: 0 }] };
    expect(parseAssistantContent(composeAssistantContent(payload, '\uDFFF')).reasoning).toEqual(payload);
  });

  it('arbitrary nasty answers never throw', () => {
    fc.assert(
      fc.property(reasoningPayload, nastyText(200), (payload, answer) => {
        expect(() => parseAssistantContent(composeAssistantContent(payload, answer))).not.toThrow();
      }),
      { numRuns: 1000 },
    );
  });
});
