import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTextToolCalls, textCallStart, type LlmToolSchema } from '../../src/llm';

// The upstream parser tables in ../shared/fixtures/model-servers/text-tool-calls (see the README
// there), run against Glassbox's parser. Glassbox reads a reply's whole text when it ends, so a
// streaming parser's "still waiting" state has no counterpart: where a table expects an unfinished
// call to be held back (calls [] and content ''), Glassbox either tells the model the marked
// call was malformed or, for bare JSON, shows the text. Those cases are listed in DIFFERENCES.
const FIXTURES = join(__dirname, '../../../shared/fixtures/model-servers/text-tool-calls');

interface Case {
  readonly test: string;
  readonly template?: string;
  readonly case: string;
  readonly input: string | readonly string[];
  readonly tools?: readonly string[];
  readonly tool_param_types?: Record<string, Record<string, readonly string[]>>;
  readonly param_type?: readonly string[];
  readonly expected_content?: string | null;
  readonly expected_calls?: readonly { readonly name: string; readonly arguments?: unknown; readonly arguments_contains?: readonly string[]; readonly arguments_json_subset?: unknown }[];
  readonly expected_tools_called?: boolean;
  readonly expected_events_per_input?: readonly (readonly ({ content: string } | { raw_tool_call: string })[])[];
  readonly expected_value?: unknown;
}

function readCases(file: string): Case[] {
  return readFileSync(join(FIXTURES, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Case);
}

const joined = (input: Case['input']): string => (typeof input === 'string' ? input : input.join(''));
const schema = (name: string, types: Record<string, readonly string[]> = {}): LlmToolSchema => ({
  name,
  description: '',
  parameters: { type: 'object', properties: Object.fromEntries(Object.entries(types).map(([key, list]) => [key, { type: list.length === 1 ? list[0] : [...list] }])) },
});

/** Where Glassbox answers differently from the upstream table, and why. */
const DIFFERENCES: Record<string, { readonly calls: readonly { name: string; status: string }[]; readonly content: string; readonly why: string }> = {
  'json maybe a tool call': { calls: [], content: '{"name": "get_temperature","arguments": {', why: 'bare JSON that never closes is shown as text at the end of the reply' },
  'list invalid': { calls: [], content: '[{"name": "search", "arguments": {"query": "What is the capital of Canada?"}}', why: 'search is not offered: the text stays' },
  'json object followed by tool call': {
    calls: [{ name: 'get_conditions', status: 'valid' }],
    content: '{"name": "jeff"}',
    why: "Glassbox follows vLLM's Llama 3 rule: a call object after other text still runs (Ollama's json template reads only the start)",
  },
  'json object followed by tool call split': { calls: [{ name: 'get_conditions', status: 'valid' }], content: '{"name": "jeff"}', why: 'as above' },
  'tool name with collision non streaming': { calls: [{ name: '', status: 'malformed' }], content: '', why: 'a <tool_call> whose JSON never closes was cut off (the name may be too: say_hello or say_hello_world): a malformed call the model is told about, not a guess' },
};

describe('Ollama tools parser table (TestParser)', () => {
  const cases = readCases('ollama__tools-parser_test-cases.jsonl').filter((entry) => entry.test === 'TestParser');
  it.each(cases.map((entry) => [`${entry.template ?? ''} ${entry.case}`, entry] as const))('%s', (_name, entry) => {
    const tools = (entry.tools ?? []).map((name) => schema(name));
    const parsed = parseTextToolCalls(joined(entry.input), tools);
    const difference = DIFFERENCES[entry.case];
    if (difference !== undefined) {
      expect(parsed.calls.map((call) => ({ name: call.name, status: call.status }))).toEqual(difference.calls);
      expect(parsed.content).toBe(difference.content);
      return;
    }
    expect(parsed.calls.map((call) => ({ name: call.name, arguments: JSON.parse(call.arguments) as unknown }))).toEqual(
      (entry.expected_calls ?? []).map((call) => ({ name: call.name, arguments: call.arguments })),
    );
    // Without calls the text is left exactly as it was; around calls it is trimmed.
    const expectedContent = entry.expected_content ?? '';
    expect(parsed.content).toBe(parsed.calls.length > 0 ? expectedContent.trim() : expectedContent);
  });
});

describe('Ollama qwen3coder parser table', () => {
  const cases = readCases('ollama__qwen3coder-parser_test-cases.jsonl');

  it.each(cases.filter((entry) => entry.test !== 'TestQwenToolCallValueParsing' && entry.expected_calls !== undefined).map((entry) => [entry.case, entry] as const))(
    'calls: %s',
    (_name, entry) => {
      const expected = entry.expected_calls ?? [];
      const types = entry.tool_param_types ?? {};
      const tools = expected.map((call) => schema(call.name, types[call.name]));
      const parsed = parseTextToolCalls(joined(entry.input), tools);
      expect(parsed.calls.map((call) => ({ name: call.name, arguments: JSON.parse(call.arguments) as unknown }))).toEqual(expected.map((call) => ({ name: call.name, arguments: call.arguments })));
      expect(parsed.content).toBe('');
    },
  );

  it.each(cases.filter((entry) => entry.test === 'TestQwenToolCallValueParsing').map((entry) => [entry.case, entry] as const))('value: %s', (_name, entry) => {
    const tools = [schema('f', (entry.param_type ?? []).length > 0 ? { p: entry.param_type ?? [] } : {})];
    const parsed = parseTextToolCalls(`<function=f><parameter=p>${joined(entry.input)}</parameter></function>`, tools);
    expect(parsed.calls).toHaveLength(1);
    expect((JSON.parse(parsed.calls[0]?.arguments ?? '{}') as { p: unknown }).p).toEqual(entry.expected_value);
  });

  // Streaming: what is safe to show after each piece never includes the start of a call, and
  // the text shown at the end is the table's content (whitespace next to a call trimmed).
  it.each(cases.filter((entry) => entry.test === 'TestQwenParserStreaming').map((entry) => [entry.case, entry] as const))('held back: %s', (_name, entry) => {
    const pieces = typeof entry.input === 'string' ? [entry.input] : entry.input;
    const events = (entry.expected_events_per_input ?? []).flat();
    const expectedContent = events.flatMap((event) => ('content' in event ? [event.content] : []));
    const hasCall = events.some((event) => 'raw_tool_call' in event);
    let text = '';
    let shown = '';
    for (const piece of pieces) {
      text += piece;
      const start = textCallStart(text);
      const safe = start === -1 ? text : text.slice(0, start);
      if (safe.length > shown.length) shown = safe;
      // Nothing shown is ever part of a call.
      expect(shown).not.toMatch(/<tool_call>|<tool_c$/);
    }
    // With a call, the text around it is what the reply leaves; without, what was safe to show.
    const parsed = parseTextToolCalls(text, []);
    if (hasCall) expect(parsed.calls.length).toBeGreaterThan(0);
    expect((hasCall ? parsed.content : shown).replace(/\s+/g, '')).toBe(expectedContent.join('').replace(/\s+/g, ''));
  });
});

describe('vLLM Llama 3 JSON parser table', () => {
  it.each(readCases('vllm__llama3-json-parser_test-cases.jsonl').map((entry) => [entry.case, entry] as const))('%s', (_name, entry) => {
    const expected = entry.expected_calls ?? [];
    // The table's tools are whatever the output names; offer those it expects (and, for the
    // negative cases, the name the text holds, so a call is refused for its shape, not its name).
    const named = [...joined(entry.input).matchAll(/"name": "([^"]+)"/g)].map((match) => match[1] ?? '');
    const parsed = parseTextToolCalls(joined(entry.input), [...new Set([...expected.map((call) => call.name), ...named])].map((name) => schema(name)));
    expect(parsed.calls.length > 0).toBe(entry.expected_tools_called);
    expect(parsed.calls.map((call) => call.name)).toEqual(expected.map((call) => call.name));
    expected.forEach((call, index) => {
      const actual = parsed.calls[index]?.arguments ?? '';
      if (typeof call.arguments === 'string') expect(JSON.parse(actual)).toEqual(JSON.parse(call.arguments));
      for (const piece of call.arguments_contains ?? []) expect(JSON.stringify(JSON.parse(actual), null, 1).replace(/\n\s*/g, ' ')).toContain(piece.replace(/\s+/g, ' '));
      if (call.arguments_json_subset !== undefined) expect(JSON.parse(actual)).toMatchObject(call.arguments_json_subset as object);
    });
    if (!entry.expected_tools_called) expect(parsed.content).toBe(entry.expected_content);
  });
});

describe('text tool calls captured from servers and docs', () => {
  const read = (file: string): string => readFileSync(join(FIXTURES, file), 'utf8');

  it('reads LM Studio\'s [TOOL_REQUEST] with the quotes escaped as its docs show them (one repair)', () => {
    const parsed = parseTextToolCalls(read('lmstudio__docs_default-format_TOOL_REQUEST_escaped-quotes.txt'), [schema('get_delivery_date')]);
    expect(parsed.calls).toEqual([{ name: 'get_delivery_date', arguments: '{"order_id":"123"}', status: 'repaired' }]);
    expect(parsed.content).toBe('');
  });

  it('reads the Qwen <tool_call> LM Studio documents', () => {
    const parsed = parseTextToolCalls(read('lmstudio__docs_qwen-tool_call_model-output.txt'), [schema('get_delivery_date')]);
    expect(parsed.calls).toEqual([{ name: 'get_delivery_date', arguments: '{"order_id":"123"}', status: 'valid' }]);
  });

  it('keeps the call LM Studio could not parse out of the answer, as a malformed call', () => {
    const parsed = parseTextToolCalls(read('lmstudio__docs_malformed-qwen-tool_call_left-in-content.txt'), [schema('get_delivery_date')]);
    expect(parsed.calls.map((call) => [call.name, call.status])).toEqual([['get_delivery_date', 'malformed']]);
    expect(parsed.content).toBe('');
  });

  it('reads Gemma\'s `args` key', () => {
    const parsed = parseTextToolCalls(read('ollama__gemma3n-tools_raw-model-output_tool_call-args-key.txt'), [schema('ha_call_service')]);
    expect(parsed.calls).toEqual([{ name: 'ha_call_service', arguments: '{"action":"turn_off","device_id":"light.salon"}', status: 'valid' }]);
  });

  it('reads the Qwen3-Coder XML vLLM left in the content, typed by the schema', () => {
    const repr = read('vllm__qwen3-coder_hermes-parser_xml-left-in-content.pyrepr.txt');
    const content = JSON.parse(`"${/content='((?:[^'\\]|\\.)*)'/.exec(repr)?.[1] ?? ''}"`) as string;
    const parsed = parseTextToolCalls(content, [schema('square_the_number', { input_num: ['number'] })]);
    expect(parsed.calls).toEqual([{ name: 'square_the_number', arguments: '{"input_num":1024}', status: 'valid' }]);
  });

  it('reads the JSON list of calls Mistral Large wrote as its content', () => {
    const line = read('mistral-api__mistral-large_tool-calls-as-json-list-in-content.messages.txt').split('\n')[3] ?? '';
    const content = /"content":"(.*)"\}$/.exec(line)?.[1] ?? '';
    const parsed = parseTextToolCalls(content, [schema('add_layer_to_map')]);
    expect(parsed.calls.map((call) => [call.name, JSON.parse(call.arguments) as unknown])).toEqual([
      ['add_layer_to_map', { map_id: 'map_0', parameter: 'WIND', source: 'AROME0.25', level: '1000Hpa' }],
      ['add_layer_to_map', { map_id: 'map_0', parameter: 'T', source: 'AROME0.25', level: '1000Hpa' }],
    ]);
  });

  it('leaves XML pseudo-calls that match no format as text', () => {
    const chunk = JSON.parse(read('ollama__qwen2.5-coder_v1-stream_self-closing-xml-pseudo-call-in-content.json')) as { choices: { delta: { content: string } }[] };
    const content = chunk.choices[0]?.delta.content ?? '';
    expect(parseTextToolCalls(content, [schema('run_command')])).toEqual({ calls: [], content });
  });
});
