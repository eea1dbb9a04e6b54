import { reduceReasoning, type AgentApprovalGate, type AgentApprovalRequest, type AgentEvent } from '../../../src/agent';
import { runAgent } from '../../../src/agent/run-agent';
import type { AgentSpendingLimits } from '../../../src/agent/spending/spending-limits';
import { createOpenAiChatModel } from '../../../src/llm';
import { modelTurnsOf, waitingLabel, type ReasoningPayload } from '../../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../../tools/model-server';
import { sampleReadTool, sampleSearchTool } from '../../support/sample-agent-tools';
import { chatRequests } from '../../support/wire-messages';

// Issue 40 / DESIGN.md 13.4: before each model call the request's input is estimated (the context
// fit's estimate) and a call that would cross the run's token or cost limit, or the day's budget,
// is not sent; the run ends `budget` with one sentence, its trace and partial answer kept.
// The real openai SDK over HTTP to the scripted server, with and without usage reported.

const END_WITHOUT_USAGE = '[DONE]';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      // The server counts 9,000 prompt and 100 completion tokens for the search call.
      counted: scenario()
        .turn((t) => t.text('Let me look that up in your notes first, then I will answer with what the refund policy says about the time it takes.').toolCall('localSearch', { query: 'refunds' }).usage(9000, 100))
        .turn((t) => t.text('Refunds are paid within 14 days ([[Refund policy]]).').usage(9500, 20)),
      // The same run from a server that reports no usage at all.
      uncounted: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }).raw(END_WITHOUT_USAGE))
        .turn((t) => t.text('Refunds are paid within 14 days ([[Refund policy]]).').raw(END_WITHOUT_USAGE)),
      answer: scenario().turn((t) => t.text('Fourteen days.').usage(1200, 10)),
    },
  });
});
afterAll(() => server.close());

function run(model: string, spending: AgentSpendingLimits, extra: { approvals?: AgentApprovalGate; events?: AgentEvent[]; context?: Parameters<typeof runAgent>[0]['context'] } = {}) {
  return runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }),
    modelName: model,
    tools: [sampleSearchTool(), sampleReadTool()],
    question: 'How long do refunds take?',
    history: [],
    signal: new AbortController().signal,
    onEvent: (event) => extra.events?.push(event),
    spending,
    ...(extra.approvals !== undefined ? { approvals: extra.approvals } : {}),
    ...(extra.context !== undefined ? { context: extra.context } : {}),
  });
}

const PRICE = { inputPerMillion: 10, outputPerMillion: 30 };

describe('a run token limit', () => {
  it('stops before the call that would cross it: not sent, status budget, the sentence names the limit and the exact spend, the trace kept', async () => {
    const before = chatRequests(server).length;
    const events: AgentEvent[] = [];
    const result = await run('counted', { runTokens: 10_000 }, { events });
    expect(result.status).toBe('budget');
    // The search call went out; the answer call (9,100 spent + its input > 10,000) did not.
    expect(chatRequests(server).length - before).toBe(1);
    expect(result.error).toMatch(/^Stopped at the run's token limit of 10,000 tokens: 9,100 tokens spent, and the next request \(~[\d,]+ tokens\) would cross it\.$/);
    expect(result.payload.status).toBe('budget');
    expect(result.payload.error).toBe(result.error);
    expect(result.payload.steps.some((step) => step.kind === 'tool' && step.tool?.name === 'localSearch')).toBe(true);
    expect(result.payload.steps.at(-1)?.kind).toBe('notice');
    expect(result.error?.startsWith(result.payload.steps.at(-1)?.summary.replace(/…$/, '') ?? '-')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'budget', error: result.error });
    // The turn that was sent is kept with the server's exact counts.
    expect(modelTurnsOf(result.payload).map((turn) => turn.usage)).toEqual([{ promptTokens: 9000, completionTokens: 100 }]);
  });

  it('lets a run through whose calls stay within it', async () => {
    const result = await run('counted', { runTokens: 100_000 });
    expect(result.status).toBe('complete');
    expect(result.answer).toBe('Refunds are paid within 14 days ([[Refund policy]]).');
  });

  it('still holds when the server reports no usage, on estimates marked "~", and says so', async () => {
    const probe = await run('uncounted', {});
    const turns = modelTurnsOf(probe.payload);
    const first = (turns[0]?.usage?.promptTokens ?? 0) + (turns[0]?.usage?.completionTokens ?? 0);
    expect(turns[0]?.usage?.estimated).toBe(true);

    const before = chatRequests(server).length;
    const result = await run('uncounted', { runTokens: first + 50 });
    expect(result.status).toBe('budget');
    expect(chatRequests(server).length - before).toBe(1);
    expect(result.error).toContain(`~${first.toLocaleString('en-US')} tokens (estimated: the server reports no usage) spent`);
    expect(result.error).not.toMatch(/: \d/);
  });

  it('does not send even the first call when its input alone crosses the limit', async () => {
    const before = chatRequests(server).length;
    const result = await run('answer', { runTokens: 50 });
    expect(result.status).toBe('budget');
    expect(chatRequests(server).length).toBe(before);
    expect(result.error).toMatch(/^Stopped at the run's token limit of 50 tokens: 0 tokens spent, and the next request \(~[\d,]+ tokens\) would cross it\.$/);
  });
});

describe('a run cost limit', () => {
  it('stops at the cost the prices give: the exact spend in dollars, the next request estimated', async () => {
    const before = chatRequests(server).length;
    // 9,000 in × $10/M + 100 out × $30/M = $0.093; the answer call's input pushes it past $0.10.
    const result = await run('counted', { runCost: 0.1, price: PRICE });
    expect(result.status).toBe('budget');
    expect(chatRequests(server).length - before).toBe(1);
    expect(result.error).toMatch(/^Stopped at the run's cost limit of \$0\.10: \$0\.093 spent, and the next request \(~\$0\.0\d+\) would cross it\.$/);
  });

  it('is not checked without a price', async () => {
    const result = await run('counted', { runCost: 0.0001 });
    expect(result.status).toBe('complete');
  });
});

describe("the day's budget", () => {
  it('counts what earlier runs spent today, read before each call', async () => {
    const before = chatRequests(server).length;
    let spentToday = 0.5;
    const limits: AgentSpendingLimits = { price: PRICE, day: { budget: 0.6, spent: () => ({ amount: spentToday, estimated: false }) } };
    const first = await run('counted', limits);
    // $0.50 + $0.093 (the search call) + the answer call's input crosses $0.60.
    expect(first.status).toBe('budget');
    expect(first.error).toMatch(/^Stopped at today's budget of \$0\.60: \$0\.59 spent today, and the next request \(~\$0\.0\d+\) would cross it\.$/);
    spentToday = 0.6;
    const second = await run('answer', limits);
    expect(second.status).toBe('budget');
    expect(chatRequests(server).length - before).toBe(1);
  });
});

describe('a large request', () => {
  function recordingGate(decision: 'allow_run' | 'deny'): AgentApprovalGate & { asked: AgentApprovalRequest[] } {
    const asked: AgentApprovalRequest[] = [];
    return { asked, remembered: () => undefined, ask: (request) => (asked.push(request), Promise.resolve(decision)), remember: () => undefined };
  }
  const bigNote = { attachments: [{ kind: 'note' as const, path: 'Projects/Handbook.md', chars: 16_800, text: 'The studio handbook. '.repeat(800), cut: false }], missingLinks: [], budgetTokens: 100_000 };

  it('asks before it is sent, naming its size and the attachment that makes it big; declined, nothing is sent', async () => {
    const before = chatRequests(server).length;
    const gate = recordingGate('deny');
    const result = await run('answer', { confirmAbove: { tokens: 3000 } }, { approvals: gate, context: bigNote });
    expect(gate.asked).toHaveLength(1);
    expect(gate.asked[0]?.title).toMatch(/^Send a request of ~[\d,]+ tokens\?$/);
    expect(gate.asked[0]?.detail).toMatch(/^It is big because of the attached note Projects\/Handbook\.md \(~[\d,]+ tokens\)\.$/);
    expect(gate.asked[0]?.choices.map((choice) => choice.label)).toEqual(['Send', "Don't send"]);
    expect(chatRequests(server).length).toBe(before);
    expect(result.status).toBe('budget');
    expect(result.error).toMatch(/^Stopped: you did not send a request of ~[\d,]+ tokens\.$/);
  });

  it('says it waits for an approval while the card is open', async () => {
    const events: AgentEvent[] = [];
    let header = '';
    const gate: AgentApprovalGate = {
      remembered: () => undefined,
      remember: () => undefined,
      ask: () => {
        const state = events.reduce<ReasoningPayload | null>((folded, event) => reduceReasoning(folded, event), null);
        header = state === null ? '' : waitingLabel(state);
        return Promise.resolve('deny');
      },
    };
    await run('answer', { confirmAbove: { tokens: 100 } }, { approvals: gate, events });
    expect(header).toBe('Waiting for your approval');
  });

  it('names the instructions and tools when no part of the question stands out', async () => {
    const gate = recordingGate('deny');
    await run('answer', { confirmAbove: { tokens: 100 } }, { approvals: gate });
    expect(gate.asked[0]?.detail).toMatch(/^It is big because of the instructions and tool descriptions \(~[\d,]+ tokens\)\.$/);
  });

  it('is sent once allowed, and the rest of the run does not ask again', async () => {
    const gate = recordingGate('allow_run');
    const result = await run('counted', { confirmAbove: { cost: 0.01 }, price: PRICE }, { approvals: gate, context: bigNote });
    expect(result.status).toBe('complete');
    expect(gate.asked).toHaveLength(1);
    expect(gate.asked[0]?.title).toMatch(/^Send a request of ~[\d,]+ tokens \(~\$0\.0\d+\)\?$/);
    // One notice step for the one question, though both calls were as large.
    expect(result.payload.steps.filter((step) => step.summary.startsWith('Large request: '))).toHaveLength(1);
  });
});
