import { runAgent } from '../../src/agent/run-agent';
import type { AgentEvent } from '../../src/agent/events';
import { createOpenAiChatModel } from '../../src/llm';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { sampleReadTool, sampleSearchTool } from '../support/sample-agent-tools';

// DESIGN.md 12.1, models without tools: Ollama answers a request with tools for such a model
// with HTTP 400 "… does not support tools" (errors/ollama__v1_400_does-not-support-tools.json).
// The real SDK over HTTP; the scripted server refuses only requests that offer tools.
const REFUSAL = 'registry.ollama.ai/library/gemma3:4b does not support tools';
const ANSWER = 'Refunds are paid within 14 days of the return [[Refund policy]].';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      'gemma3:4b': scenario().turn((t) => t.httpError(400, REFUSAL, { onlyWithTools: true }).text(ANSWER)),
      'rao-gemma': scenario()
        .selectTurnsBy('request')
        .turn((t) => t.text('I should search.\n```json\n{"plan": "search", "tools_to_consider": ["localSearch"], "finish": false}\n```'))
        .turn((t) => t.httpError(400, REFUSAL, { onlyWithTools: true, times: 1 }))
        .turn((t) => t.text(ANSWER)),
    },
  });
});
afterAll(() => server.close());

async function run(model: string, options: { withoutTools?: string; loopStyle?: 'tools' | 'reason-act-observe' } = {}) {
  const events: AgentEvent[] = [];
  const refused: string[] = [];
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }),
    modelName: model,
    tools: [sampleSearchTool(), sampleReadTool()],
    question: 'How long do refunds take?',
    history: [],
    signal: new AbortController().signal,
    onEvent: (event) => events.push(event),
    onToolsRefused: (reason) => refused.push(reason),
    ...options,
  });
  const sent = server.requests.filter((request) => request.body?.model === model).map((request) => request.body);
  return { result, events, refused, sent };
}

describe('a model that cannot use tools', () => {
  it('answers from a search of the notes, with a notice naming the reason, and tells the host', async () => {
    const before = server.requests.length;
    const { result, refused } = await run('gemma3:4b');
    const sent = server.requests.slice(before).map((request) => request.body);
    expect(result.status).toBe('complete');
    expect(result.answer).toBe(ANSWER);
    expect(refused).toEqual([REFUSAL]);
    const notice = result.payload.steps.find((step) => step.kind === 'notice');
    expect(notice?.summary).toBe('This model cannot use tools, so Glassbox searched your notes for it');
    expect(notice?.detail).toContain(REFUSAL);
    const search = result.payload.steps.find((step) => step.kind === 'tool');
    expect(search?.tool).toMatchObject({ name: 'localSearch', args: { query: 'How long do refunds take?' }, status: 'ok' });
    // The refused request offered tools; the answer's request offers none and carries the results.
    expect(sent).toHaveLength(2);
    expect(sent[0]?.tools?.length).toBeGreaterThan(0);
    expect(sent[1]?.tools).toBeUndefined();
    const last = (sent[1]?.messages ?? []).at(-1) as { role: string; content: string };
    expect(last.role).toBe('system');
    expect(last.content).toContain('Refund policy.md: Refunds are paid within 14 days of the return.');
  });

  it('asks without tools at once when the host remembers the model, and does not report it again', async () => {
    const before = server.requests.length;
    const { result, refused } = await run('gemma3:4b', { withoutTools: REFUSAL });
    const sent = server.requests.slice(before).map((request) => request.body);
    expect(result.answer).toBe(ANSWER);
    expect(refused).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.tools).toBeUndefined();
    expect(result.payload.steps[0]?.summary).toBe('This model cannot use tools (remembered), so Glassbox searched your notes for it');
  });

  it('does the same in the reason-act-observe loop when the act call is refused', async () => {
    const { result, refused } = await run('rao-gemma', { loopStyle: 'reason-act-observe' });
    expect(result.answer).toBe(ANSWER);
    expect(refused).toEqual([REFUSAL]);
  });
});
