import { LIMITS, composeAssistantContent, normalizeReasoningPayload, parseAssistantContent, type ReasoningPayload } from '../../src/markers';

const v1: ReasoningPayload = {
  v: 1,
  status: 'complete',
  startedAt: 1,
  elapsedMs: 2,
  steps: [
    { id: 'a', kind: 'tool', summary: 's', at: 3, tool: { name: 'readNote', args: { path: 'x.md' }, status: 'ok', durationMs: 4, output: 'o', outputChars: 1 } },
    { id: 'b', kind: 'thought', summary: 't', at: 5, thoughtType: 'planning', confidence: 0.5, detail: 'd' },
  ],
  usage: { promptTokens: 1, completionTokens: 2 },
  futureField: { anything: [1, 'two'] },
};

describe('normalizeReasoningPayload', () => {
  it('returns a valid v1 payload as the same object, extra fields kept', () => {
    expect(normalizeReasoningPayload(v1)).toBe(v1);
  });

  it.each([
    ['not an object', 'text'],
    ['null', null],
    ['an array', [v1]],
    ['no recognisable fields', { hello: 1 }],
    ['v 2', { ...v1, v: 2 }],
    ['a step kind that is not a string', { ...v1, steps: [{ id: 'a', kind: 7, summary: 's', at: 0 }] }],
    ['a summary that is not a string', { ...v1, steps: [{ id: 'a', kind: 'thought', summary: ['s'], at: 0 }] }],
    ['steps that are not an array', { ...v1, steps: { 0: { id: 'a', kind: 'thought', summary: 's', at: 0 } } }],
    ['a run status that is not a string', { ...v1, status: 1 }],
    ['a tool status that is not a string', { ...v1, steps: [{ id: 'a', kind: 'tool', summary: 's', at: 0, tool: { name: 'x', args: {}, status: null } }] }],
    ['a thought type that is not a string', { ...v1, steps: [{ id: 'a', kind: 'thought', summary: 's', at: 0, thoughtType: 3 }] }],
    ['a tool without args', { ...v1, steps: [{ id: 'a', kind: 'tool', summary: 's', at: 0, tool: { name: 'x', status: 'ok' } }] }],
    ['confidence as text', { ...v1, steps: [{ id: 'a', kind: 'thought', summary: 's', at: 0, confidence: 'high' }] }],
    ['usage with a missing count', { ...v1, usage: { promptTokens: 1 } }],
    ['error as a number', { ...v1, error: 500 }],
    ['NaN elapsed', { ...v1, elapsedMs: Number.NaN }],
  ])('rejects %s', (_name, value) => {
    expect(normalizeReasoningPayload(value)).toBeNull();
  });

  it('keeps values from a newer version verbatim: unknown run status, step kind, tool status and thought type', () => {
    const newer = {
      ...v1,
      status: 'paused_for_review',
      steps: [
        { id: 'a', kind: 'critique', summary: 'Checked the quotes against the notes', at: 3, verdict: 'ok' },
        { id: 'b', kind: 'tool', summary: 'Read a note', at: 4, tool: { name: 'readNote', args: {}, status: 'retrying', attempts: 2 } },
        { id: 'c', kind: 'thought', summary: 'Weighing it', at: 5, thoughtType: 'hypothesis' },
      ],
    };
    expect(normalizeReasoningPayload(newer)).toBe(newer);
  });

  it('gives a newer note back byte for byte on a parse and compose round trip', () => {
    const marker =
      '<!--REASONING_BLOCK:{"v":1,"status":"paused_for_review","startedAt":1,"elapsedMs":9000,' +
      '"steps":[{"id":"a","kind":"critique","summary":"Checked \\u003cquotes\\u003e","at":3,"next":{"deep":[1]}},' +
      '{"id":"b","kind":"tool","summary":"Read","at":4,"tool":{"name":"readNote","args":{"path":"x.md"},"status":"retrying"}}],' +
      '"review":{"by":"someone"}}-->';
    const content = `${marker}\n\nThe answer.`;
    const parsed = parseAssistantContent(content);
    expect(parsed.reasoningError).toBe(false);
    expect(parsed.reasoning?.steps.map((step) => [step.kind, step.summary])).toEqual([
      ['critique', 'Checked <quotes>'],
      ['tool', 'Read'],
    ]);
    expect(composeAssistantContent(parsed.reasoning, parsed.text)).toBe(content);
  });

  it('turns {"elapsed","steps"} into v1: ms, thought steps with generated ids, at 0, legacyFormat', () => {
    expect(normalizeReasoningPayload({ elapsed: 2.5, steps: ['Searched', 'Read'] })).toEqual({
      v: 1,
      status: 'complete',
      startedAt: 0,
      elapsedMs: 2500,
      steps: [
        { id: 'legacy-1', kind: 'thought', summary: 'Searched', at: 0 },
        { id: 'legacy-2', kind: 'thought', summary: 'Read', at: 0 },
      ],
      legacyFormat: 'reasoning-block-seconds',
    });
  });

  it('accepts a legacy form with only one of elapsed and steps', () => {
    expect(normalizeReasoningPayload({ elapsed: 3 })).toMatchObject({ elapsedMs: 3000, steps: [] });
    expect(normalizeReasoningPayload({ steps: ['x'] })).toMatchObject({ elapsedMs: 0, steps: [{ summary: 'x' }] });
  });

  it('clamps a long or multi-line legacy step into a one-line summary and keeps the full text as detail', () => {
    const long = 'x'.repeat(LIMITS.summaryChars + 30);
    const payload = normalizeReasoningPayload({ elapsed: 1, steps: [long, 'first line\nsecond line'] });
    expect(payload?.steps[0]).toEqual({ id: 'legacy-1', kind: 'thought', summary: `${'x'.repeat(LIMITS.summaryChars - 1)}…`, detail: long, at: 0 });
    expect(payload?.steps[1]).toEqual({ id: 'legacy-2', kind: 'thought', summary: 'first line', detail: 'first line\nsecond line', at: 0 });
  });

  it('never gives a negative elapsed time', () => {
    expect(normalizeReasoningPayload({ elapsed: -4, steps: [] })?.elapsedMs).toBe(0);
  });
});
