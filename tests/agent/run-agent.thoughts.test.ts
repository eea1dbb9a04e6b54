import { REDACTED_SUMMARY } from '../../src/agent/redaction';
import { runWithDefaults } from '../support/agent-run-harness';
import { ScriptedChatModel, say } from '../support/scripted-chat-model';

const thought = (id: string, name: string, args: unknown) => [say.toolCall({ id, name, args }), say.finish('tool_calls')];
const done = [say.text('Done.'), say.finish()];

describe('runAgent: narrated steps', () => {
  it('clamps report_thinking to 50 and 500 characters and makes no tool events for it', async () => {
    const model = new ScriptedChatModel([thought('c1', 'report_thinking', { step: 'S'.repeat(80), detail: 'D'.repeat(900) }), done]);
    const { result, types } = await runWithDefaults({ model });
    expect(types).not.toContain('tool_start');
    const [step] = result.payload.steps;
    expect(step.kind).toBe('thought');
    expect(step.summary).toHaveLength(50);
    expect(step.detail).toHaveLength(500);
  });

  it('keeps think_aloud type, confidence and verbosity on the step', async () => {
    const model = new ScriptedChatModel([thought('c1', 'think_aloud', { thought: 'The policy note is the source of truth', thought_type: 'decision', confidence: 0.8, verbosity: 'brief' }), done]);
    const { result } = await runWithDefaults({ model });
    expect(result.payload.steps).toEqual([
      { id: 's1', kind: 'thought', summary: 'The policy note is the source of truth', thoughtType: 'decision', confidence: 0.8, verbosity: 'brief', at: expect.any(Number) },
    ]);
  });

  it('reports a narration with bad arguments back to the model instead of inventing a step', async () => {
    const model = new ScriptedChatModel([thought('c1', 'think_aloud', { thought: 'x', confidence: 7 }), done]);
    const { result } = await runWithDefaults({ model });
    expect(result.payload.steps[0]).toMatchObject({ kind: 'tool', tool: { name: 'think_aloud', status: 'error' } });
    expect(model.requests[1].messages.at(-1)).toMatchObject({ content: expect.stringContaining('invalid arguments for think_aloud: confidence') });
  });

  it('redacts a step that quotes the system prompt (40 characters in common), in events and in the saved payload', async () => {
    const model = new ScriptedChatModel([
      [
        say.reasoning('My instructions say: at each decision point, report your thinking briefly with report_thinking\n'),
        say.toolCall({ id: 'c1', name: 'report_thinking', args: { step: 'Quoting rules', detail: 'Cite every note you rely on with a wikilink of its title' } }),
        say.toolCall({ id: 'c2', name: 'report_thinking', args: { step: 'Checking the refund policy' }, index: 1 }),
        say.finish('tool_calls'),
      ],
      done,
    ]);
    const { result, events } = await runWithDefaults({ model });
    expect(result.payload.steps.map((step) => [step.kind, step.summary, step.detail])).toEqual([
      ['reasoning', REDACTED_SUMMARY, undefined],
      ['thought', REDACTED_SUMMARY, undefined],
      ['thought', 'Checking the refund policy', undefined],
    ]);
    const shown = JSON.stringify(events.filter((event) => event.type === 'step'));
    expect(shown).not.toContain('decision point');
    expect(shown).not.toContain('wikilink of its title');
    expect(result.content).not.toContain('decision point');
  });

  it('shows text written before tool calls as a thought in the model own words, not as the answer', async () => {
    const model = new ScriptedChatModel([[say.text('Let me search your notes.'), say.toolCall({ id: 'c1', name: 'localSearch', args: { query: 'refunds' } }), say.finish('tool_calls')], done]);
    const { result } = await runWithDefaults({ model });
    expect(result.payload.steps[0]).toMatchObject({ kind: 'thought', summary: 'Let me search your notes.' });
    expect(result.answer).toBe('Done.');
  });
});

describe('runAgent: native reasoning', () => {
  it('shows a reasoning bullet as soon as a long first line fills the summary, then the full text at the end', async () => {
    const long = 'The question is about refunds and I should check the policy note first because it is the most likely source of the rule here';
    const model = new ScriptedChatModel([[say.reasoning(long.slice(0, 60)), say.reasoning(long.slice(60)), say.reasoning(', then answer.'), say.text('Done.'), say.finish()]]);
    const { events } = await runWithDefaults({ model });
    const steps = events.flatMap((event) => (event.type === 'step' ? [event.step] : []));
    expect(steps).toHaveLength(2);
    expect(steps[0].summary).toHaveLength(120);
    expect(steps[1]).toMatchObject({ kind: 'reasoning', detail: `${long}, then answer.` });
    const firstStepIndex = events.findIndex((event) => event.type === 'step');
    expect(events.slice(0, firstStepIndex).filter((event) => event.type === 'reasoning_delta')).toHaveLength(2);
  });
});
