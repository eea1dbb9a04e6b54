import { runWithDefaults } from '../support/agent-run-harness';
import { ScriptedChatModel, say } from '../support/scripted-chat-model';

const reply = (text: string) => [say.text(text), say.finish()];
const REASON = 'I need the refund policy.\n```json\n{"plan": "Search for the refund policy", "tools_to_consider": ["localSearch"], "finish": false}\n```';
const ACT = [say.toolCall({ id: 'c1', name: 'localSearch', args: { query: 'refunds' } }), say.finish('tool_calls')];

describe('runAgent: reason-act-observe', () => {
  it('runs reason (no tools), act (tools), observe (no tools) and answers from final_answer', async () => {
    const model = new ScriptedChatModel([
      reply(REASON),
      ACT,
      reply('{"observation": "The policy says 14 days", "should_continue": false, "final_answer": "Refunds take 14 days ([[Refund policy]])."}'),
    ]);
    const { result } = await runWithDefaults({ model, loopStyle: 'reason-act-observe' });
    expect(result.status).toBe('complete');
    expect(result.answer).toBe('Refunds take 14 days ([[Refund policy]]).');
    expect(result.payload.steps.map((step) => [step.kind, step.summary])).toEqual([
      ['reason', 'Search for the refund policy'],
      ['tool', 'Found 2 notes: Refund policy, Escalation'],
      ['observe', 'The policy says 14 days'],
    ]);
    expect(result.payload.steps[0].detail).toBe('I need the refund policy.');
    expect(model.requests.map((request) => request.tools === undefined)).toEqual([true, false, true]);
    expect(model.requests[0].messages.at(-1)).toMatchObject({ role: 'system', content: expect.stringContaining('"tools_to_consider"') });
    expect(model.requests[2].messages.at(-1)).toMatchObject({ role: 'system', content: expect.stringContaining('"should_continue"') });
  });

  it('reads sloppy blocks leniently: trailing commas, string booleans, no fence', async () => {
    const model = new ScriptedChatModel([
      reply('Plan: {"plan": "Search", "finish": "false",}'),
      ACT,
      reply('Observed. {"observation": "Enough", "should_continue": "no"}'),
      reply('Refunds take 14 days.'),
    ]);
    const { result } = await runWithDefaults({ model, loopStyle: 'reason-act-observe' });
    expect(result.payload.steps.map((step) => step.summary)).toEqual(['Search', 'Found 2 notes: Refund policy, Escalation', 'Enough']);
    // No final_answer: one more call without tools gives the answer.
    expect(model.requests).toHaveLength(4);
    expect(model.requests[3].tools).toBeUndefined();
    expect(result.answer).toBe('Refunds take 14 days.');
  });

  it('treats malformed blocks as plain text and keeps going until the act call answers', async () => {
    const model = new ScriptedChatModel([
      reply('I will look for the refund policy {plan: oops'),
      ACT,
      reply('The results mention 14 days.'),
      reply('Nothing more to plan.'),
      reply('Refunds take 14 days ([[Refund policy]]).'),
    ]);
    const { result } = await runWithDefaults({ model, loopStyle: 'reason-act-observe' });
    expect(result.payload.steps.map((step) => [step.kind, step.summary])).toEqual([
      ['reason', 'I will look for the refund policy {plan: oops'],
      ['tool', 'Found 2 notes: Refund policy, Escalation'],
      ['observe', 'The results mention 14 days.'],
      ['reason', 'Nothing more to plan.'],
    ]);
    expect(result.answer).toBe('Refunds take 14 days ([[Refund policy]]).');
    expect(result.status).toBe('complete');
  });

  it('goes straight to the answer when the reason block says finish', async () => {
    const model = new ScriptedChatModel([reply('{"plan": "Answer from memory of the notes", "finish": true}'), reply('Refunds take 14 days.')]);
    const { result } = await runWithDefaults({ model, loopStyle: 'reason-act-observe' });
    expect(model.requests).toHaveLength(2);
    expect(result.answer).toBe('Refunds take 14 days.');
  });

  it('counts one reason-act-observe cycle as one iteration', async () => {
    const observeGoOn = reply('{"observation": "Need more", "should_continue": true}');
    const model = new ScriptedChatModel([reply(REASON), ACT, observeGoOn, reply(REASON), [say.toolCall({ id: 'c2', name: 'localSearch', args: { query: 'returns' } }), say.finish('tool_calls')], observeGoOn, reply('Best effort: 14 days.')]);
    const { result } = await runWithDefaults({ model, loopStyle: 'reason-act-observe', maxIterations: 2 });
    expect(result.status).toBe('max_iterations');
    expect(result.answer).toBe('Best effort: 14 days.');
    expect(model.remaining).toBe(0);
  });
});
