import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createOpenAiChatModel, type LlmFinishReason } from '../../src/llm';
import { startModelServer, type ModelServer } from '../../tools/model-server';
import { collectStream, type CollectedStream } from '../support/collect-llm-stream';

// Every recorded provider stream in ../shared/fixtures/openai-streams, replayed over HTTP as SSE
// through the real openai SDK. Expected values were read from the files themselves (see the
// README there for each file's quirk). Lengths count code points.
const FIXTURES = join(__dirname, '../../../shared/fixtures/openai-streams');

interface Expected {
  readonly text: { readonly length: number; readonly start: string; readonly end: string } | '';
  /** Reasoning length in code points (0 = none), with its first and last characters. */
  readonly reasoning: { readonly length: number; readonly start: string; readonly end: string } | '';
  readonly toolCalls: readonly { readonly id: string; readonly name: string; readonly args: unknown }[];
  readonly usage: { readonly promptTokens: number; readonly completionTokens: number } | undefined;
  readonly finish: LlmFinishReason;
}

const SF = { location: 'San Francisco' };
const none: readonly never[] = [];

const EXPECTED: Record<string, Expected> = {
  'alibaba__alibaba-reasoning.chunks.txt': {
    text: { length: 816, start: 'The word **"strawberry"**', end: '**Answer: 3**' },
    reasoning: { length: 3301, start: 'We are asked: "How many \'r\'s a', end: 'So final answer: 3.' },
    toolCalls: none,
    usage: { promptTokens: 24, completionTokens: 1355 },
    finish: 'stop',
  },
  'alibaba__alibaba-tool-call.chunks.txt': {
    text: '',
    reasoning: '',
    toolCalls: [{ id: 'call_eee11723464a4b9eb8cee71d', name: 'weather', args: SF }],
    usage: { promptTokens: 295, completionTokens: 22 },
    finish: 'tool_calls',
  },
  'cerebras__cererebras-structured-output-tools.1.chunks.txt': {
    text: { length: 18, start: '{"result": "2026"}', end: '{"result": "2026"}' },
    reasoning: { length: 884, start: 'The user is asking about a "ma', end: "hough it's a number." },
    toolCalls: [
      { id: 'bbd2b9d98', name: 'nonUsefulTool', args: {} },
      { id: 'e0ecf32e0', name: 'nonUsefulTool', args: {} },
    ],
    usage: { promptTokens: 433, completionTokens: 122 },
    finish: 'tool_calls',
  },
  'deepseek__deepseek-reasoning.chunks.txt': {
    text: { length: 42, start: 'The word "strawberry" con', end: 'contains three "r"s.' },
    reasoning: { length: 606, start: 'We need to count the number of', end: 'us, the answer is 3.' },
    toolCalls: none,
    usage: { promptTokens: 18, completionTokens: 219 },
    finish: 'stop',
  },
  'deepseek__deepseek-tool-call.chunks.txt': {
    text: '',
    reasoning: { length: 191, start: 'The user is asking for the wea', end: ' to "San Francisco".' },
    toolCalls: [{ id: 'call_00_ioIn7yN9p1ZOMNpDLwd4MgAF', name: 'weather', args: SF }],
    usage: { promptTokens: 339, completionTokens: 83 },
    finish: 'tool_calls',
  },
  'deepseek__issue-19381-thinking-reasoning.chunks.txt': {
    text: '',
    reasoning: { length: 7, start: 'We need', end: 'We need' },
    toolCalls: none,
    usage: { promptTokens: 87, completionTokens: 2 },
    finish: 'length',
  },
  'groq__groq-json-tool-call.chunks.txt': {
    text: '',
    reasoning: '',
    toolCalls: [{ id: 'ax9fskhew', name: 'json', args: { value: 'Sparkle Day' } }],
    usage: { promptTokens: 45, completionTokens: 20 },
    finish: 'tool_calls',
  },
  'groq__groq-reasoning.chunks.txt': {
    text: { length: 347, start: 'The word **"strawberry"**', end: 'Final Answer**: $\\boxed{3}$' },
    reasoning: { length: 2952, start: 'Okay, let me try to figure out', end: 'rawberry" is three.\n' },
    toolCalls: none,
    usage: { promptTokens: 17, completionTokens: 1107 },
    finish: 'stop',
  },
  'groq__groq-tool-call.chunks.txt': {
    text: '',
    reasoning: '',
    toolCalls: [{ id: 'tk85n1k4m', name: 'weather', args: {} }],
    usage: { promptTokens: 210, completionTokens: 15 },
    finish: 'tool_calls',
  },
  'mistral__mistral-incremental-tool-call.chunks.txt': {
    text: '',
    reasoning: '',
    toolCalls: [{ id: 'chatcmpl-tool-9f149c74c42f265b', name: 'webSearchTool', args: { query: 'current Berlin weather' } }],
    usage: { promptTokens: 171, completionTokens: 14 },
    finish: 'tool_calls',
  },
  'mistral__mistral-reasoning.chunks.txt': {
    text: { length: 9, start: '2 + 2 = 4', end: '2 + 2 = 4' },
    reasoning: { length: 60, start: 'The user is asking for 2+2. Th', end: 'c arithmetic. 2+2=4.' },
    toolCalls: none,
    usage: { promptTokens: 10, completionTokens: 46 },
    finish: 'stop',
  },
  'mistral__mistral-tool-call.chunks.txt': {
    text: '',
    reasoning: '',
    toolCalls: [{ id: 'gSIMJiOkT', name: 'weather', args: SF }],
    usage: { promptTokens: 124, completionTokens: 22 },
    finish: 'tool_calls',
  },
  'moonshotai__moonshotai-stream-indexless-tool-calls.chunks.txt': {
    text: '',
    reasoning: '',
    toolCalls: [
      { id: 'weather_0', name: 'weather', args: SF },
      { id: 'time_1', name: 'time', args: { zone: 'UTC' } },
    ],
    usage: { promptTokens: 61, completionTokens: 25 },
    finish: 'tool_calls',
  },
  'openai-compatible__anthropic-fallback-tool-call.sse': {
    text: { length: 11, start: 'Reading it.', end: 'Reading it.' },
    reasoning: '',
    toolCalls: [{ id: 'toolu_sanitized', name: 'read_file', args: { path: 'a.txt' } }],
    usage: undefined,
    finish: 'tool_calls',
  },
  'openai-compatible__azure-text.chunks.txt': {
    text: { length: 11, start: 'Hello World', end: 'Hello World' },
    reasoning: '',
    toolCalls: none,
    usage: { promptTokens: 15, completionTokens: 5 },
    finish: 'stop',
  },
  'openai-compatible__issue-13703-mistral-thinking.chunks.txt': {
    text: { length: 6, start: '**}\n\\]', end: '**}\n\\]' },
    reasoning: { length: 12, start: "Okay, let's.", end: "Okay, let's." },
    toolCalls: none,
    usage: { promptTokens: 33, completionTokens: 760 },
    finish: 'stop',
  },
  'openai-compatible__issue-15789-step-1.chunks.txt': {
    text: { length: 8, start: 'PRE_TOOL', end: 'PRE_TOOL' },
    reasoning: '',
    toolCalls: [{ id: 'call_NZa7xqfefoaMI2YYHowVXVlU', name: 'weather', args: {} }],
    usage: { promptTokens: 58, completionTokens: 12 },
    finish: 'tool_calls',
  },
  'openai-compatible__issue-15789-step-2.chunks.txt': {
    text: { length: 9, start: 'POST_TOOL', end: 'POST_TOOL' },
    reasoning: '',
    toolCalls: none,
    usage: { promptTokens: 86, completionTokens: 2 },
    finish: 'stop',
  },
  'openai-compatible__issue-20203-empty-tool-calls.chunks.txt': {
    text: { length: 5, start: 'Hello', end: 'Hello' },
    reasoning: { length: 13, start: 'Think more...', end: 'Think more...' },
    toolCalls: none,
    usage: undefined,
    finish: 'stop',
  },
  'openai-compatible__placeholder-first-chunk.chunks.txt': {
    text: { length: 5, start: 'Hello', end: 'Hello' },
    reasoning: '',
    toolCalls: none,
    usage: { promptTokens: 10, completionTokens: 1 },
    finish: 'stop',
  },
  'openai-compatible__tiny-chunks.chunks.txt': {
    text: { length: 9, start: 'Hi there!', end: 'Hi there!' },
    reasoning: { length: 46, start: 'First, the user said: "Hello."', end: 'lo." That is simple.' },
    toolCalls: none,
    usage: undefined,
    finish: 'stop',
  },
  'openai-compatible__xai-text.chunks.txt': {
    text: { length: 4, start: 'Grok', end: 'Grok' },
    reasoning: { length: 1455, start: 'First, the user said: "Say a s', end: 'ord.\n\nResponse: Grok' },
    toolCalls: none,
    usage: { promptTokens: 12, completionTokens: 2 },
    finish: 'stop',
  },
  'openai-compatible__xai-tool-call.chunks.txt': {
    text: '',
    reasoning: { length: 1069, start: 'First, the user is asking abou', end: 'e logical next step.' },
    toolCalls: [{ id: 'call_79382389', name: 'weather', args: SF }],
    usage: { promptTokens: 307, completionTokens: 26 },
    finish: 'tool_calls',
  },
  'openai__azure-model-router.1.chunks.txt': {
    text: { length: 19, start: 'Capital of Denmark.', end: 'Capital of Denmark.' },
    reasoning: '',
    toolCalls: none,
    usage: { promptTokens: 15, completionTokens: 78 },
    finish: 'stop',
  },
  'openai__openai-text.chunks.txt': {
    text: { length: 1724, start: '**Holiday Name:** Harmony', end: 'ences and mutual respect.' },
    reasoning: '',
    toolCalls: none,
    usage: { promptTokens: 16, completionTokens: 300 },
    finish: 'stop',
  },
  'xai__xai-tool-call.chunks.txt': {
    text: '',
    reasoning: { length: 18, start: 'First, the user is', end: 'First, the user is' },
    toolCalls: [{ id: 'call_55117580', name: 'weather', args: SF }],
    usage: { promptTokens: 291, completionTokens: 26 },
    finish: 'tool_calls',
  },
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({ fixturesDir: FIXTURES });
});
afterAll(async () => {
  await server.close();
});

function expectPiece(actual: string, expected: Expected['text']): void {
  if (expected === '') {
    expect(actual).toBe('');
    return;
  }
  expect([...actual].length).toBe(expected.length);
  expect(actual.startsWith(expected.start)).toBe(true);
  expect(actual.endsWith(expected.end)).toBe(true);
}

describe('recorded provider streams', () => {
  it('has an expectation for every file in the fixtures folder, and no more', () => {
    const files = readdirSync(FIXTURES).filter((file) => file !== 'README.md');
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.keys(EXPECTED))('%s streams into the right text, reasoning, tool calls, usage and finish', async (file) => {
    const expected = EXPECTED[file];
    const result: CollectedStream = await collectStream(createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }), { model: `replay:${file}` });
    expect(result.error).toBeUndefined();
    expectPiece(result.text, expected.text);
    expectPiece(result.reasoning, expected.reasoning);
    expect(result.toolCalls.map((call) => ({ id: call.id, name: call.name, args: JSON.parse(call.arguments) as unknown }))).toEqual(expected.toolCalls);
    expect(result.usage).toEqual(expected.usage);
    expect(result.finish).toBe(expected.finish);
    // The reasoning phase ends at the first answer text or tool call: nothing is reasoning after it.
    const kinds = result.deltas.map((delta) => delta.type);
    const firstAnswer = kinds.findIndex((kind) => kind === 'text' || kind === 'tool_call');
    if (firstAnswer >= 0 && file !== 'cerebras__cererebras-structured-output-tools.1.chunks.txt') {
      expect(kinds.slice(firstAnswer)).not.toContain('reasoning');
    }
  });
});
