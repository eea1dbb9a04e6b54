import { parseTextToolCalls, textCallStart, type LlmToolSchema } from '../../../src/llm';

// A handful of cases written here; the upstream tables run in tests/recorded/text-tool-calls.test.ts.
const tool = (name: string, properties: Record<string, unknown> = {}): LlmToolSchema => ({ name, description: '', parameters: { type: 'object', properties } });
const TOOLS = [tool('localSearch', { query: { type: 'string' }, limit: { type: 'integer' } }), tool('readNote')];

describe('parseTextToolCalls', () => {
  it('reads a Hermes call and keeps the prose around it', () => {
    expect(parseTextToolCalls('Let me check. <tool_call>{"name": "localSearch", "arguments": {"query": "tea"}}</tool_call>', TOOLS)).toEqual({
      calls: [{ name: 'localSearch', arguments: '{"query":"tea"}', status: 'valid' }],
      content: 'Let me check.',
    });
  });

  it('types Qwen3-Coder parameters by the schema', () => {
    const parsed = parseTextToolCalls('<function=localSearch>\n<parameter=query>\ntea\n</parameter>\n<parameter=limit>\n3\n</parameter>\n</function>', TOOLS);
    expect(parsed.calls).toEqual([{ name: 'localSearch', arguments: '{"query":"tea","limit":3}', status: 'valid' }]);
  });

  it('reads Llama 3 calls separated by semicolons', () => {
    const parsed = parseTextToolCalls('{"name": "localSearch", "parameters": {"query": "tea"}}; {"name": "readNote", "parameters": {"path": "Tea.md"}}', TOOLS);
    expect(parsed.calls.map((call) => call.name)).toEqual(['localSearch', 'readNote']);
    expect(parsed.content).toBe('');
  });

  it('repairs arguments once (single quotes, a trailing comma)', () => {
    const parsed = parseTextToolCalls("[TOOL_CALLS]localSearch[ARGS]{'query': 'tea',}", TOOLS);
    expect(parsed.calls).toEqual([{ name: 'localSearch', arguments: '{"query":"tea"}', status: 'repaired' }]);
  });

  it('keeps arguments it cannot read as malformed, for the model to be told', () => {
    const parsed = parseTextToolCalls('[TOOL_CALLS]localSearch[ARGS]"tea"', TOOLS);
    expect(parsed.calls).toEqual([{ name: 'localSearch', arguments: '"tea"', status: 'malformed' }]);
  });

  it('leaves JSON that is not a call to an offered tool as text', () => {
    const answer = 'The config is {"name": "dark", "parameters": {"contrast": 2}}.';
    expect(parseTextToolCalls(answer, TOOLS)).toEqual({ calls: [], content: answer });
  });
});

describe('textCallStart', () => {
  it('finds where a call may begin, also a marker still being written', () => {
    expect(textCallStart('Plain answer with [[Links]].')).toBe(-1);
    expect(textCallStart('Searching <tool_c')).toBe(10);
    expect(textCallStart('Searching <tool_call>{"na')).toBe(10);
    expect(textCallStart('Here: {"name": "localSearch"')).toBe(6);
    expect(textCallStart('Here: {')).toBe(6);
    expect(textCallStart('Here: {"query": 1}')).toBe(-1);
  });
});
