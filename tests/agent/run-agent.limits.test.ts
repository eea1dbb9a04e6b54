import { z } from 'zod';
import { setUiLanguage } from '../../src/i18n';
import type { AgentTool } from '../../src/agent/agent-tool';
import { runWithDefaults } from '../support/agent-run-harness';
import { FakeClock } from '../support/fake-clock';
import { sampleSearchTool } from '../support/sample-agent-tools';
import { ScriptedChatModel, say } from '../support/scripted-chat-model';

const search = (id: string, query: string) => [say.toolCall({ id, name: 'localSearch', args: { query } }), say.finish('tool_calls')];

describe('runAgent: limits and failing tools', () => {
  it('ends at maxIterations with a notice and the answer the model can still give', async () => {
    const model = new ScriptedChatModel([search('c1', 'refunds'), search('c2', 'returns'), [say.text('From what I found: 14 days ([[Refund policy]]).'), say.finish()]]);
    const { result } = await runWithDefaults({ model, maxIterations: 2 });
    expect(result.status).toBe('max_iterations');
    expect(result.payload.status).toBe('max_iterations');
    expect(result.payload.steps.at(-1)).toMatchObject({ kind: 'notice', summary: 'Stopped after 2 iterations (the limit); answering with what was found' });
    expect(result.answer).toBe('From what I found: 14 days ([[Refund policy]]).');
    // The last call offers no tools and asks for the answer.
    const last = model.requests.at(-1)!;
    expect(last.tools).toBeUndefined();
    expect(last.messages.at(-1)).toMatchObject({ role: 'system', content: expect.stringContaining('Answer the question from what you have found') });
  });

  it('the third same call (same name, same arguments in any key order) is not run: a notice, and the model reads it has the result', async () => {
    const model = new ScriptedChatModel([
      [say.toolCall({ id: 'c1', name: 'localSearch', args: { query: 'refunds', limit: 5 } }), say.finish('tool_calls')],
      [say.toolCall({ id: 'c2', name: 'localSearch', args: { limit: 5, query: 'refunds' } }), say.finish('tool_calls')],
      [say.toolCall({ id: 'c3', name: 'localSearch', args: { query: 'refunds', limit: 5 } }), say.finish('tool_calls')],
      [say.toolCall({ id: 'c4', name: 'localSearch', args: { query: 'returns', limit: 5 } }), say.finish('tool_calls')],
      [say.text('Refunds take 14 days.'), say.finish()],
    ]);
    const { result, events } = await runWithDefaults({ model, maxIterations: 10 });
    expect(result.status).toBe('complete');
    // c3 never ran; the run went on with a different call.
    expect(events.filter((event) => event.type === 'tool_start')).toHaveLength(3);
    expect(result.payload.steps.filter((step) => step.kind === 'notice')).toMatchObject([{ summary: 'Repeated localSearch with the same arguments' }]);
    expect(model.requests[3].messages.at(-1)).toEqual({ role: 'tool', toolCallId: 'c3', content: expect.stringMatching(/^Not run: you already have this result\. localSearch ran with these same arguments earlier in this run/) });
    expect(result.answer).toBe('Refunds take 14 days.');
  });

  it('ends the loop when the same call comes a fourth time, after the notice', async () => {
    const same = (id: string) => [say.toolCall({ id, name: 'localSearch', args: { query: 'refunds' } }), say.finish('tool_calls')];
    const model = new ScriptedChatModel([same('c1'), same('c2'), same('c3'), same('c4'), [say.text('Refunds take 14 days.'), say.finish()]]);
    const { result, events } = await runWithDefaults({ model, maxIterations: 10 });
    expect(result.status).toBe('max_iterations');
    expect(events.filter((event) => event.type === 'tool_start')).toHaveLength(2);
    expect(result.payload.steps.filter((step) => step.kind === 'notice').map((step) => step.summary)).toEqual(['Repeated localSearch with the same arguments', 'Stopped: the same tool call came four times; answering with what was found']);
    expect(result.transcript.find((message) => message.role === 'tool' && message.toolCallId === 'c4')).toMatchObject({ content: expect.stringContaining('Not run') });
    expect(result.answer).toBe('Refunds take 14 days.');
  });

  it('hands a tool that throws back to the model as an error result and goes on', async () => {
    const model = new ScriptedChatModel([
      [say.toolCall({ id: 'c1', name: 'readNote', args: { path: 'Missing.md' } }), say.finish('tool_calls')],
      [say.text('That note does not exist.'), say.finish()],
    ]);
    const { result, events } = await runWithDefaults({ model });
    expect(result.status).toBe('complete');
    expect(events.find((event) => event.type === 'tool_end')).toMatchObject({ status: 'error', output: 'Error: readNote failed: No note at Missing.md' });
    expect(model.requests[1].messages.at(-1)).toEqual({ role: 'tool', toolCallId: 'c1', content: 'Error: readNote failed: No note at Missing.md' });
    expect(result.payload.steps[0].tool).toMatchObject({ status: 'error', output: 'Error: readNote failed: No note at Missing.md' });
  });

  it.each([
    ['a missing argument', '{}', 'Error: invalid arguments for localSearch: query:'],
    ['a wrong type', '{"query": 42}', 'Error: invalid arguments for localSearch: query:'],
    ['text that is not JSON', '{"query": "refu', 'Error: the arguments of localSearch are not valid JSON'],
  ])('validates arguments before the tool runs: %s goes back to the model as an error', async (_case, args, expected) => {
    let ran = false;
    const tool = sampleSearchTool();
    const watched: AgentTool = { ...tool, execute: (input, context) => ((ran = true), tool.execute(input as { query: string }, context)) };
    const model = new ScriptedChatModel([[say.toolCall({ id: 'c1', name: 'localSearch', args }), say.finish('tool_calls')], [say.text('Sorry.'), say.finish()]]);
    const { result } = await runWithDefaults({ model, tools: [watched] });
    expect(ran).toBe(false);
    const toolMessage = model.requests[1].messages.at(-1)!;
    expect(toolMessage).toMatchObject({ role: 'tool', toolCallId: 'c1', content: expect.stringContaining(expected) });
    expect(result.payload.steps[0]).toMatchObject({ kind: 'tool', tool: { name: 'localSearch', status: 'error' } });
    expect(result.status).toBe('complete');
  });

  it('tells the model when it calls a tool that does not exist', async () => {
    const model = new ScriptedChatModel([[say.toolCall({ id: 'c1', name: 'deleteNote', args: {} }), say.finish('tool_calls')], [say.text('OK.'), say.finish()]]);
    await runWithDefaults({ model });
    expect(model.requests[1].messages.at(-1)).toMatchObject({ content: 'Error: there is no tool named "deleteNote". Available tools: localSearch, readNote, report_thinking, think_aloud.' });
  });

  it('times out a tool that never finishes and passes it an aborted signal', async () => {
    let seen: AbortSignal | undefined;
    const slow: AgentTool = {
      name: 'localSearch',
      description: 'Search.',
      schema: z.object({ query: z.string() }),
      describeStart: () => 'Searching',
      execute: (_args, context) => {
        seen = context.signal;
        return new Promise(() => undefined);
      },
    };
    const model = new ScriptedChatModel([search('c1', 'refunds'), [say.text('The search timed out.'), say.finish()]]);
    const { result, events } = await runWithDefaults({ model, tools: [slow], toolTimeoutMs: 20 });
    expect(events.find((event) => event.type === 'tool_end')).toMatchObject({ status: 'error', output: 'Error: localSearch did not finish within 20 ms and was cancelled.' });
    expect(seen?.aborted).toBe(true);
    expect(result.status).toBe('complete');
  });

  it('ends a run that outlives its whole-run timeout as an error, keeping the steps', async () => {
    const clock = new FakeClock();
    const model = new ScriptedChatModel([[say.reasoning('Thinking hard\n'), say.hang()]], clock);
    const { result } = await runWithDefaults({ model, clock, runTimeoutMs: 20 });
    expect(result.status).toBe('error');
    expect(result.error).toBe('The run took longer than 20 ms and was ended.');
    expect(result.payload.steps.map((step) => step.kind)).toEqual(['reasoning', 'notice']);
    expect(result.payload.error).toBe(result.error);
  });

  it('ends with the model error sentence (an LlmError carries userMessage)', async () => {
    const error = Object.assign(new Error('HTTP 401'), { userMessage: 'The API key was rejected by api.example.com. Check it in Glassbox settings.' });
    const model = new ScriptedChatModel([[say.fail(error)]]);
    const { result, events } = await runWithDefaults({ model });
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'error', error: error.userMessage });
    expect(result.payload).toMatchObject({ status: 'error', error: error.userMessage });
  });

  it('says the time limit and an unexpected failure in the UI’s language (issue 29: no English line in a Japanese chat)', async () => {
    setUiLanguage('ja');
    try {
      const clock = new FakeClock();
      const { result: late } = await runWithDefaults({ model: new ScriptedChatModel([[say.reasoning('Thinking hard\n'), say.hang()]], clock), clock, runTimeoutMs: 20 });
      expect(late.error).toBe('実行が20ミリ秒を超えたため終了しました。');
      const { result: failed } = await runWithDefaults({ model: new ScriptedChatModel([[say.fail(new Error('socket hang up'))]]) });
      expect(failed.error).toBe('実行に失敗しました: socket hang up');
    } finally {
      setUiLanguage('en');
    }
  });

  it('says "The run failed" with the first line of an unexpected error, never a stack', async () => {
    const model = new ScriptedChatModel([[say.fail(new Error('socket hang up\n    at Socket.onEnd'))]]);
    const { result } = await runWithDefaults({ model });
    expect(result.error).toBe('The run failed: socket hang up');
  });
});

describe('runAgent: the whole-run timeout during a tool', () => {
  it('cancels the tool with a time-limit result, not "cancelled by user"', async () => {
    const stuck: AgentTool = {
      name: 'localSearch',
      description: 'Search.',
      schema: z.object({ query: z.string() }),
      describeStart: () => 'Searching',
      execute: () => new Promise(() => undefined),
    };
    const model = new ScriptedChatModel([search('c1', 'refunds')]);
    const { result, events } = await runWithDefaults({ model, tools: [stuck], runTimeoutMs: 30 });
    expect(result.status).toBe('error');
    expect(events.find((event) => event.type === 'tool_end')).toMatchObject({ status: 'cancelled', output: 'cancelled: the run reached its time limit' });
    expect(result.transcript.at(-1)).toEqual({ role: 'tool', toolCallId: 'c1', content: 'cancelled: the run reached its time limit' });
  });
});

describe('runAgent: a reply cut at the length limit', () => {
  it('adds a notice after the answer, because the provider said it stopped at its token limit', async () => {
    const model = new ScriptedChatModel([[say.text('Refunds take 14'), { type: 'finish', reason: 'length' }]]);
    const { result } = await runWithDefaults({ model });
    expect(result.status).toBe('complete');
    expect(result.answer).toBe('Refunds take 14');
    expect(result.payload.steps).toEqual([expect.objectContaining({ kind: 'notice', summary: 'The answer was cut off at the model’s length limit' })]);
  });
});
