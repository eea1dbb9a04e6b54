import { parseObserveControl, parseReasonControl } from '../../src/agent/control-blocks';

describe('control blocks', () => {
  it.each([
    ['a fenced block after prose', 'Plan below.\n```json\n{"plan":"Search","tools_to_consider":["localSearch"],"finish":false}\n```', { plan: 'Search', toolsToConsider: ['localSearch'], finish: false }, 'Plan below.'],
    ['a trailing comma and a string boolean', '{"plan": "Read", "finish": "true",}', { plan: 'Read', toolsToConsider: [], finish: true }, ''],
    ['tools as a comma list', '{"plan":"x","tools_to_consider":"localSearch, readNote"}', { plan: 'x', toolsToConsider: ['localSearch', 'readNote'], finish: false }, ''],
    ['braces inside strings', 'Note: {"plan": "Look for \\"}\\" in code"}', { plan: 'Look for "}" in code', toolsToConsider: [], finish: false }, 'Note:'],
  ])('reads a reason block: %s', (_case, text, value, prose) => {
    expect(parseReasonControl(text)).toEqual({ ok: true, value, prose });
  });

  it.each([['no JSON at all'], ['{"plan": unquoted}'], ['{"unrelated": 1}'], ['[1, 2]'], ['}}}{{{']])('reports %s as not a block', (text) => {
    expect(parseReasonControl(text)).toEqual({ ok: false });
  });

  it('reads an observe block, defaulting should_continue to true', () => {
    expect(parseObserveControl('{"observation": "Found it", "should_continue": false, "final_answer": "14 days"}')).toEqual({
      ok: true,
      prose: '',
      value: { observation: 'Found it', shouldContinue: false, finalAnswer: '14 days' },
    });
    expect(parseObserveControl('{"observation": "Partial"}')).toMatchObject({ ok: true, value: { shouldContinue: true, finalAnswer: '' } });
  });

  it('reads a reply full of unbalanced braces as not a block', () => {
    const text = '{"a": '.repeat(20_000);
    expect(parseObserveControl(`${text}}`)).toEqual({ ok: false });
  });
});
