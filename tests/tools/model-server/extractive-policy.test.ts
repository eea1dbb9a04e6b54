import { createOpenAiChatModel, type LlmMessage, type LlmToolSchema } from '../../../src/llm';
import { salientWords, startModelServer, type ModelServer } from '../../../tools/model-server';
import { collectStream, type CollectedStream } from '../../support/collect-llm-stream';

const schema = (name: string, properties: Record<string, unknown>): LlmToolSchema => ({ name, description: name, parameters: { type: 'object', properties } });
const TOOLS: LlmToolSchema[] = [
  schema('report_thinking', { step: { type: 'string' }, detail: { type: 'string' } }),
  schema('localSearch', { query: { type: 'string' } }),
  schema('readNote', { path: { type: 'string' } }),
  schema('request_input', { question: { type: 'string' }, options: { type: 'array' } }),
];

const SEARCH_OUTPUT = [
  'Found 3 notes for "refunds take":',
  '1. Policies/Refund policy.md (score 4.2): "Refunds are processed…"',
  '2. Support/FAQ.md (score 2.1)',
  '3. Journal/2024-01-03.md (score 0.4)',
].join('\n');

const NOTES: Record<string, string> = {
  'Policies/Refund policy.md': '---\ntags: [policy]\n---\n# Refund policy\n\nWe want customers to be happy. Refunds are processed within 14 days of the request. Shipping costs are not refunded.\n\n```\nrefunds take forever in code\n```\n',
  'Support/FAQ.md': '# FAQ\n\n- How long do refunds take? Usually two weeks, see the policy.\n- Where is my order? Check the tracking link.\n',
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});

/** Plays the tool side of an agent run: feeds the model's calls results until it answers. */
async function runExtractive(question: string, options: { tools?: LlmToolSchema[]; answerInput?: string; searchOutput?: string; notes?: Record<string, string> } = {}) {
  const model = createOpenAiChatModel({ baseUrl: server.url });
  const messages: LlmMessage[] = [{ role: 'system', content: 'You are Glassbox.' }, { role: 'user', content: question }];
  const turns: CollectedStream[] = [];
  for (let step = 0; step < 6; step++) {
    const result = await collectStream(model, { model: 'extractive', messages, tools: options.tools ?? TOOLS });
    expect(result.error).toBeUndefined();
    turns.push(result);
    if (result.toolCalls.length === 0) break;
    messages.push({ role: 'assistant', content: result.text, toolCalls: result.toolCalls });
    for (const call of result.toolCalls) {
      const args = JSON.parse(call.arguments) as Record<string, string>;
      let output = 'ok';
      if (call.name === 'localSearch') output = options.searchOutput ?? SEARCH_OUTPUT;
      if (call.name === 'readNote') output = (options.notes ?? NOTES)[Object.values(args)[0] ?? ''] ?? 'Note not found.';
      if (call.name === 'request_input') output = options.answerInput ?? 'A short summary';
      messages.push({ role: 'tool', toolCallId: call.id, content: output });
    }
  }
  return turns;
}

describe('the extractive policy', () => {
  it('searches, reads the top two notes, then quotes them with wikilinks', async () => {
    const turns = await runExtractive('How many days until refunds are processed?');
    expect(turns).toHaveLength(3);
    const [plan, read, answer] = turns as [CollectedStream, CollectedStream, CollectedStream];

    expect(plan.reasoning.length).toBeGreaterThan(0);
    expect(plan.toolCalls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([
      ['report_thinking', { step: 'Planning the search', detail: 'Looking for notes about: days refunds processed' }],
      ['localSearch', { query: 'days refunds processed' }],
    ]);
    expect(plan.toolCalls.map((call) => call.id)).toEqual(['call_0_0', 'call_0_1']);

    expect(read.toolCalls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([
      ['readNote', { path: 'Policies/Refund policy.md' }],
      ['readNote', { path: 'Support/FAQ.md' }],
    ]);

    expect(answer.toolCalls).toEqual([]);
    expect(answer.reasoning).toBe('I read 2 notes and picked the sentences that answer the question.');
    expect(answer.text).toContain('[[Refund policy]]: "Refunds are processed within 14 days of the request."');
    // The FAQ shares only "refunds" with the question: not relevant enough to quote.
    expect(answer.text).toBe('Here is what your notes say:\n\n- [[Refund policy]]: "Refunds are processed within 14 days of the request."');
    expect(answer.text).not.toContain('in code');
    expect(answer.deltas.filter((delta) => delta.type === 'text').length).toBeGreaterThan(5);
    expect(answer.finish).toBe('stop');
  });

  it('asks first when the question says "ask me", then goes on with the search', async () => {
    const turns = await runExtractive('Ask me what to focus on, then summarise the refund policy.');
    const first = turns[0];
    expect(first.toolCalls).toHaveLength(1);
    expect(first.toolCalls[0].name).toBe('request_input');
    const args = JSON.parse(first.toolCalls[0].arguments) as { question: string; options: string[] };
    expect(args.question.length).toBeGreaterThan(10);
    expect(args.options).toEqual(['A short summary', 'Every detail']);
    expect(turns[1].toolCalls.map((call) => call.name)).toEqual(['report_thinking', 'localSearch']);
    expect(turns.at(-1)!.text).toContain('[[Refund policy]]');
  });

  it('searches for the question, not for the notes attached before it', async () => {
    const preamble = 'The user attached these (cite them as [[links]]):\n\n<attached path="Home.md">\nNote Home.md:\n\nWelcome home. Question:\nlinks and paths\n</attached>\n\nQuestion:\n';
    const turns = await runExtractive(`${preamble}How long do refunds take?`);
    const search = turns.flatMap((turn) => turn.toolCalls).find((call) => call.name === 'localSearch');
    expect(JSON.parse(search!.arguments)).toEqual({ query: salientWords('How long do refunds take?').join(' ') });
  });

  it('says so when the search finds no note', async () => {
    const turns = await runExtractive('What about unicorns?', { searchOutput: 'No notes matched.' });
    expect(turns).toHaveLength(2);
    expect(turns[1].text).toBe('I could not find anything about unicorns in your notes.');
  });

  it('reads the argument names from the offered tool schemas', async () => {
    const tools = [schema('localSearch', { text: { type: 'string' } }), schema('readNote', { notePath: { type: 'string' } })];
    const turns = await runExtractive('Refunds?', { tools });
    expect(JSON.parse(turns[0].toolCalls[0].arguments)).toEqual({ text: 'refunds' });
    expect(JSON.parse(turns[1].toolCalls[0].arguments)).toEqual({ notePath: 'Policies/Refund policy.md' });
  });

  it('finds paths in JSON, backticked and "path:" tool outputs', async () => {
    for (const searchOutput of [
      JSON.stringify({ results: [{ path: 'Policies/Refund policy.md', score: 3 }] }),
      'Top hit: `Policies/Refund policy.md`',
      'title: Refund policy\npath: Policies/Refund policy.md\nscore: 3',
    ]) {
      const turns = await runExtractive('Refunds?', { searchOutput });
      expect(JSON.parse(turns[1].toolCalls[0].arguments)).toEqual({ path: 'Policies/Refund policy.md' });
    }
  });

  it('keeps only the salient words of the question', () => {
    expect(salientWords('What is the refund policy for damaged items?')).toEqual(['refund', 'policy', 'damaged', 'items']);
  });
});
