import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAiChatModel, LlmStreamError, type LlmFinishReason } from '../../src/llm';
import { startModelServer, type ModelServer } from '../../tools/model-server';
import { collectStream } from '../support/collect-llm-stream';

// Every stream in ../shared/fixtures/model-servers/responses/ and the streamed errors in errors/,
// replayed over HTTP through the real openai SDK (cassettes by interaction, `#n`; a non-streamed
// answer as the one chunk that carries it). Expected values were read from the files.
const FIXTURES = join(__dirname, '../../../shared/fixtures/model-servers');
const RESPONSES = join(FIXTURES, 'responses');
const ERRORS = join(FIXTURES, 'errors');

interface Expected {
  readonly text: string | { readonly start: string; readonly length: number };
  readonly reasoning: number;
  readonly calls: readonly { readonly id: string; readonly name: string; readonly args: unknown }[];
  readonly usage?: { readonly promptTokens: number; readonly completionTokens: number };
  readonly finish: LlmFinishReason;
}

const FLORENCE = { location: 'Florence, Italy' };

const WHOLE: Record<string, Expected> = {
  // llama-server: `content:null` first, `reasoning_content`, a 32-character id, usage in a `choices:[]` chunk with `timings`.
  'llamacpp__gpt-oss-20b_stream_reasoning_content_tool-call.cassette.yaml#0': { text: '', reasoning: 71, calls: [{ id: 'g2KOIWzn722hzEaZQmNVP4roUPEiYafL', name: 'weather', args: FLORENCE }], usage: { promptTokens: 139, completionTokens: 41 }, finish: 'tool_calls' },
  'llamacpp__gpt-oss-20b_stream_reasoning_content_tool-call.cassette.yaml#1': { text: 'The current weather in Florence, Italy is **40\u202f°C**.', reasoning: 0, calls: [], usage: { promptTokens: 196, completionTokens: 18 }, finish: 'stop' },
  // OpenRouter: `: OPENROUTER PROCESSING` comments, `reasoning` beside `reasoning_details`, empty argument fragments, the finish chunk twice.
  'openrouter__claude-haiku-4.5_stream_reasoning_details_tool-call.cassette.yaml#0': { text: '', reasoning: 388, calls: [{ id: 'toolu_bdrk_01N8hD5cYDw4WfvnjKXAkA2W', name: 'weather', args: FLORENCE }], usage: { promptTokens: 607, completionTokens: 143 }, finish: 'tool_calls' },
  'openrouter__claude-haiku-4.5_stream_reasoning_details_tool-call.cassette.yaml#1': { text: { start: 'The weather in Florence, Italy is currently **40°C (104°F)**', length: 335 }, reasoning: 0, calls: [], usage: { promptTokens: 764, completionTokens: 82 }, finish: 'stop' },
  'openrouter__glm-5-turbo_stream_reasoning_tool-call.cassette.yaml#0': { text: '', reasoning: 88, calls: [{ id: 'call_9400b8b3405c4d74b5b97e12', name: 'weather', args: FLORENCE }], usage: { promptTokens: 173, completionTokens: 33 }, finish: 'tool_calls' },
  'openrouter__glm-5-turbo_stream_reasoning_tool-call.cassette.yaml#1': { text: { start: 'The current temperature in **Florence, Italy** is **40°C**', length: 245 }, reasoning: 78, calls: [], usage: { promptTokens: 211, completionTokens: 86 }, finish: 'stop' },
  // Encrypted `reasoning_details` only (nothing to show), parallel calls: a name chunk, then whole arguments.
  'openrouter__gemini-3.1-flash-lite_stream_parallel-tool-calls.cassette.yaml#0': {
    text: '',
    reasoning: 0,
    calls: [
      { id: 'tool_add_kZJN6iFNozVOBiXBMA2Y', name: 'add', args: { a: 2, b: 3 } },
      { id: 'tool_multiply_7Pq02EcannPbKks8kXlA', name: 'multiply', args: { a: 2, b: 3 } },
    ],
    usage: { promptTokens: 157, completionTokens: 32 },
    finish: 'tool_calls',
  },
  'openrouter__gemini-3.1-flash-lite_stream_parallel-tool-calls.cassette.yaml#1': { text: 'The result of adding 2 and 3 is 5, and the result of multiplying 2 and 3 is 6.', reasoning: 0, calls: [], usage: { promptTokens: 247, completionTokens: 27 }, finish: 'stop' },
  // Ollama `/v1` puts thinking in `reasoning`.
  'ollama__qwen3-0.6b_v1-nonstream_reasoning-field.cassette.yaml': { text: '{ "city": "Paris", "country": "France" }', reasoning: 508, calls: [], usage: { promptTokens: 136, completionTokens: 15 }, finish: 'stop' },
  // Gemini: a tool call whose id is "".
  'gemini-openai-compat__nonstream_tool-call-empty-id_thought_signature.cassette.yaml#0': { text: '', reasoning: 0, calls: [{ id: 'call_0', name: 'get_current_time', args: {} }], usage: { promptTokens: 35, completionTokens: 12 }, finish: 'tool_calls' },
  'gemini-openai-compat__nonstream_tool-call-empty-id_thought_signature.cassette.yaml#1': { text: 'The current time is Noon.', reasoning: 0, calls: [], usage: { promptTokens: 66, completionTokens: 6 }, finish: 'stop' },
  // Mistral: `content` as arrays of thinking parts, then a text part.
  'mistral-api__mistral-small_stream_content-array-thinking-parts.jsonl': { text: '391', reasoning: 335, calls: [], usage: { promptTokens: 28, completionTokens: 139 }, finish: 'stop' },
  'ollama__qwen2.5-coder_v1-stream_text-and-stop-in-one-chunk.json': { text: 'My name is Ben Dover. How can I help you today?', reasoning: 0, calls: [], finish: 'stop' },
  'ollama__qwen2.5-coder_v1-stream_tool-call_chunk-1-of-2.json+ollama__qwen2.5-coder_v1-stream_tool-call_chunk-2-of-2.json': { text: '', reasoning: 0, calls: [{ id: 'call_hk81qg8b', name: 'run_command', args: { command: 'ls -la' } }], finish: 'tool_calls' },
  'ollama__qwen2.5-coder_v1-stream_parallel-tool-calls.jsonl': {
    text: '',
    reasoning: 0,
    calls: [
      { id: 'call_wteop8bt', name: 'run_command', args: { command: 'ls' } },
      { id: 'call_rk2xye1l', name: 'run_command', args: { command: 'ls -l' } },
    ],
    finish: 'tool_calls',
  },
  // `choices: []` with a `debug` object and nothing else: an empty, finished answer.
  'openrouter__docs_stream_debug-first-chunk_choices-empty.json': { text: '', reasoning: 0, calls: [], finish: 'other' },
};

/**
 * The `_truncated` recordings stop inside an event. Replayed byte for byte they are cut streams;
 * with the partial event dropped and `[DONE]` sent (as the README allows) they show the odd shape
 * itself. Files written to a temporary folder, one derived copy each.
 */
const COMPLETED: Record<string, { readonly source: string; readonly expected: Expected }> = {
  'localai-no-finish.sse': { source: 'localai__2.8.2_stream_no-finish_reason_zero-usage_truncated.sse', expected: { text: '\n', reasoning: 0, calls: [], finish: 'other' } },
  'localai-finish-empty.jsonl': {
    source: 'localai__llama3-8b_stream_tool-call_finish_reason-empty_truncated.jsonl',
    expected: { text: '', reasoning: 0, calls: [{ id: 'f5f63d03-9bd7-42ba-9e25-bfc35ed44f47', name: 'get_current_weather', args: {} }], finish: 'tool_calls' },
  },
  'glm-empty-name.sse': {
    source: 'mistral-api__zai-glm-5-2_stream_tool-call-continuation-empty-name_truncated.sse',
    expected: { text: '', reasoning: 0, calls: [{ id: 'chatcmpl-tool-a17da0167495e4ee', name: 'read', args: { path: 'update.sh' } }], finish: 'tool_calls' },
  },
};

let responses: ModelServer;
let errors: ModelServer;
let completed: ModelServer;
let completedDir: string;

beforeAll(async () => {
  completedDir = mkdtempSync(join(tmpdir(), 'glassbox-completed-'));
  for (const [name, { source }] of Object.entries(COMPLETED)) {
    const text = readFileSync(join(RESPONSES, source), 'utf8');
    const whole = source.endsWith('.sse') ? `${text.slice(0, text.lastIndexOf('\n\ndata:') + 2)}data: [DONE]\n\n` : text.split('\n').filter((line) => line.trim() !== '').slice(0, -1).join('\n');
    writeFileSync(join(completedDir, name), whole);
  }
  // The docs' one-event stream has no blank line after its event; a server sends one.
  writeFileSync(join(completedDir, 'openrouter-error-event.sse'), `${readFileSync(join(ERRORS, 'openrouter__docs_stream_midstream-error_finish_reason-error.sse'), 'utf8').trimEnd()}\n\n`);
  [responses, errors, completed] = await Promise.all([startModelServer({ fixturesDir: RESPONSES }), startModelServer({ fixturesDir: ERRORS }), startModelServer({ fixturesDir: completedDir })]);
});
afterAll(async () => {
  await Promise.all([responses.close(), errors.close(), completed.close()]);
  rmSync(completedDir, { recursive: true, force: true });
});

const replay = (server: ModelServer, name: string) => collectStream(createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }), { model: `replay:${name}` });

function expectStream(result: Awaited<ReturnType<typeof replay>>, expected: Expected): void {
  expect(result.error).toBeUndefined();
  if (typeof expected.text === 'string') expect(result.text).toBe(expected.text);
  else {
    expect(result.text.startsWith(expected.text.start)).toBe(true);
    expect(result.text).toHaveLength(expected.text.length);
  }
  expect(result.reasoning).toHaveLength(expected.reasoning);
  expect(result.toolCalls.map((call) => ({ id: call.id, name: call.name, args: JSON.parse(call.arguments) as unknown }))).toEqual(expected.calls);
  expect(result.usage).toEqual(expected.usage);
  expect(result.finish).toBe(expected.finish);
}

describe('model-server responses, replayed', () => {
  it('covers every file in responses/', () => {
    const covered = new Set([...Object.keys(WHOLE).flatMap((name) => name.split('+')), ...Object.values(COMPLETED).map((entry) => entry.source)].map((name) => name.split('#')[0]));
    expect([...covered].sort()).toEqual(
      readFileSync(join(FIXTURES, 'README.md'), 'utf8')
        .split('### responses/')[1]
        ?.split('### ')[0]
        ?.match(/^\| `([^`]+)`/gm)
        ?.map((cell) => cell.slice(3, -1))
        .sort(),
    );
  });

  it.each(Object.keys(WHOLE))('%s', async (name) => expectStream(await replay(responses, name), WHOLE[name]));

  it.each(Object.keys(COMPLETED))('%s (the truncated recording, completed)', async (name) => expectStream(await replay(completed, name), (COMPLETED[name] as { expected: Expected }).expected));

  it.each(Object.values(COMPLETED).map((entry) => entry.source))('%s as recorded: a cut stream, what came before kept', async (name) => {
    const result = await replay(responses, name);
    expect(result.error).toBeInstanceOf(LlmStreamError);
    expect((result.error as LlmStreamError).reason).toMatch(/^(cut|malformed_chunk)$/);
    expect(result.finish).toBeUndefined();
  });
});

describe('errors inside a 200 stream', () => {
  it("ends an Ollama NDJSON stream at its error line with Ollama's message, the text before it kept", async () => {
    const result = await replay(errors, 'ollama__docs_api-generate_ndjson-stream_midstream-error.jsonl');
    expect(result.text).toBe(' Yes.Ican');
    expect(result.error).toBeInstanceOf(LlmStreamError);
    expect((result.error as LlmStreamError).userMessage).toMatch(/^127\.0\.0\.1:\d+ reported an error while answering: an error was encountered while running the model$/);
  });

  it("ends an OpenRouter stream at its error chunk (after 17 comment lines and two finish chunks), the reasoning before it kept", async () => {
    const result = await replay(errors, 'openrouter__minimax-m2_stream_http200_midstream-error-chunk.cassette.yaml');
    expect(result.reasoning).toBe('We need to respond to a greeting. The user');
    expect((result.error as LlmStreamError).providerMessage).toBe('Token limit reached');
  });

  it("reads OpenRouter's documented error event with finish_reason \"error\"", async () => {
    const result = await replay(completed, 'openrouter-error-event.sse');
    expect((result.error as LlmStreamError).providerMessage).toBe('Rate limit exceeded');
  });
});
