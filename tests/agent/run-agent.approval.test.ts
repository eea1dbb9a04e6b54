import type { AgentApprovalDecision, AgentApprovalGate, AgentApprovalRequest, AgentRememberedApproval } from '../../src/agent/approval';
import { DECLINED_OUTPUTS } from '../../src/agent/run-approvals';
import { setUiLanguage } from '../../src/i18n';
import { runWithDefaults } from '../support/agent-run-harness';
import { FakeClock } from '../support/fake-clock';
import { FORECAST_APPROVAL_TITLE, forecastApprovalTool } from '../support/forecast-approval-tool';
import { ScriptedChatModel, say } from '../support/scripted-chat-model';

// The generic approval pause (issue 18, reused by note writes in issue 14): a tool with
// `approval` waits for the host's decision; the run clock does not count the wait.

const T = 4_000_000;
const call = (id: string, city: string) => [say.advance(1000), say.toolCall({ id, name: 'weather__forecast', args: { city } }), say.finish('tool_calls')];
const answer = [say.advance(500), say.text('It will be sunny.'), say.finish()];

/** A gate that answers from a list and remembers like settings would. */
function scriptedGate(decisions: AgentApprovalDecision[], options: { clock?: FakeClock; remembered?: Map<string, AgentRememberedApproval> } = {}) {
  const asked: AgentApprovalRequest[] = [];
  const remembered = options.remembered ?? new Map<string, AgentRememberedApproval>();
  const gate: AgentApprovalGate = {
    remembered: (scope) => remembered.get(scope),
    ask: (request) => {
      asked.push(request);
      options.clock?.advance(30_000);
      const decision = decisions.shift();
      return decision === undefined ? Promise.reject(new Error('asked too often')) : Promise.resolve(decision);
    },
    remember: (scope, decision) => {
      remembered.set(scope, decision);
    },
  };
  return { gate, asked, remembered };
}

describe('runAgent: tool calls that need approval', () => {
  it('pauses on the card with the timer frozen, runs the call once allowed, and leaves the wait out of its duration', async () => {
    const clock = new FakeClock(T);
    const runs: string[] = [];
    const model = new ScriptedChatModel([call('c1', 'Oslo'), answer], clock);
    const { gate, asked } = scriptedGate(['allow_once'], { clock });
    const { result, events } = await runWithDefaults({ model, clock, tools: [forecastApprovalTool(runs, clock)], approvals: gate });

    expect(asked).toEqual([
      { requestId: 'c1', toolName: 'weather__forecast', args: { city: 'Oslo' }, scope: 'mcp:weather', title: FORECAST_APPROVAL_TITLE, detail: '{"city":"Oslo"}', choices: expect.any(Array) },
    ]);
    const flow = events.filter((event) => event.type === 'approval_request' || event.type === 'approval_response' || event.type === 'tool_end');
    expect(flow).toEqual([
      expect.objectContaining({ type: 'approval_request', at: T + 1000, stepId: 's1', requestId: 'c1', toolName: 'weather__forecast', scope: 'mcp:weather' }),
      expect.objectContaining({ type: 'approval_response', at: T + 31_000, stepId: 's1', requestId: 'c1', outcome: 'decided', decision: 'allow_once' }),
      expect.objectContaining({ type: 'tool_end', status: 'ok', durationMs: 100, output: 'Sunny in Oslo' }),
    ]);
    expect(runs).toEqual(['Oslo']);
    expect(result.payload.steps[0]).toMatchObject({ kind: 'tool', detail: 'Allowed once', tool: { status: 'ok' } });
    expect(result.payload).toMatchObject({ status: 'complete', pausedMs: 30_000, elapsedMs: 1600 });
  });

  it('asks again on the next call after "Allow once"', async () => {
    const clock = new FakeClock(T);
    const runs: string[] = [];
    const model = new ScriptedChatModel([call('c1', 'Oslo'), call('c2', 'Rome'), answer], clock);
    const { gate, asked } = scriptedGate(['allow_once', 'allow_once']);
    await runWithDefaults({ model, clock, tools: [forecastApprovalTool(runs, clock)], approvals: gate });
    expect(asked.map((request) => request.requestId)).toEqual(['c1', 'c2']);
    expect(runs).toEqual(['Oslo', 'Rome']);
  });

  it('"Always allow" is remembered through the gate: later calls, in this run and the next, run without a card', async () => {
    const clock = new FakeClock(T);
    const runs: string[] = [];
    const { gate, asked, remembered } = scriptedGate(['allow_always']);
    await runWithDefaults({ model: new ScriptedChatModel([call('c1', 'Oslo'), call('c2', 'Rome'), answer], clock), clock, tools: [forecastApprovalTool(runs, clock)], approvals: gate });
    const next = await runWithDefaults({ model: new ScriptedChatModel([call('c3', 'Lima'), answer], clock), clock, tools: [forecastApprovalTool(runs, clock)], approvals: gate });
    expect(asked.map((request) => request.requestId)).toEqual(['c1']);
    expect(remembered.get('mcp:weather')).toBe('allow');
    expect(runs).toEqual(['Oslo', 'Rome', 'Lima']);
    expect(next.types).not.toContain('approval_request');
  });

  it('"Never" declines the call, tells the model, and refuses later calls without asking', async () => {
    const clock = new FakeClock(T);
    const runs: string[] = [];
    const model = new ScriptedChatModel([call('c1', 'Oslo'), call('c2', 'Rome'), answer], clock);
    const { gate, asked, remembered } = scriptedGate(['deny_always']);
    const { result } = await runWithDefaults({ model, clock, tools: [forecastApprovalTool(runs, clock)], approvals: gate });
    expect(runs).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(remembered.get('mcp:weather')).toBe('deny');
    expect(model.requests[1].messages.at(-1)).toEqual({ role: 'tool', toolCallId: 'c1', content: DECLINED_OUTPUTS.never });
    expect(model.requests[2].messages.at(-1)).toEqual({ role: 'tool', toolCallId: 'c2', content: DECLINED_OUTPUTS.never });
    expect(result.payload.steps.map((step) => step.detail)).toEqual(['Declined, and never allowed from now on', 'Not run: never allowed']);
    expect(result.payload.steps.map((step) => step.tool?.status)).toEqual(['declined', 'declined']);
    expect(result.status).toBe('complete');
  });

  it('keeps its notes in the UI’s language (German) while the model still reads English', async () => {
    setUiLanguage('de');
    try {
      const clock = new FakeClock(T);
      const runs: string[] = [];
      const model = new ScriptedChatModel([call('c1', 'Oslo'), call('c2', 'Rome'), call('c3', 'Lima'), answer], clock);
      const { gate } = scriptedGate(['allow_once', 'deny_always']);
      const { result } = await runWithDefaults({ model, clock, tools: [forecastApprovalTool(runs, clock)], approvals: gate });
      expect(result.payload.steps.map((step) => step.detail)).toEqual(['Einmal erlaubt', 'Abgelehnt und ab jetzt nie erlaubt', 'Nicht ausgeführt: nie erlaubt']);
      expect(model.requests[2].messages.at(-1)).toEqual({ role: 'tool', toolCallId: 'c2', content: DECLINED_OUTPUTS.never });

      const unasked = await runWithDefaults({ model: new ScriptedChatModel([call('c4', 'Oslo'), answer], clock), clock, tools: [forecastApprovalTool(runs, clock)] });
      expect(unasked.result.payload.steps[0]?.detail).toBe('Nicht ausgeführt: braucht eine Freigabe');
    } finally {
      setUiLanguage('en');
    }
  });

  it('"Approve the rest of this run" covers later calls of the same scope in this run only', async () => {
    const clock = new FakeClock(T);
    const runs: string[] = [];
    const { gate, asked } = scriptedGate(['allow_run', 'deny']);
    await runWithDefaults({ model: new ScriptedChatModel([call('c1', 'Oslo'), call('c2', 'Rome'), answer], clock), clock, tools: [forecastApprovalTool(runs, clock)], approvals: gate });
    const next = await runWithDefaults({ model: new ScriptedChatModel([call('c3', 'Lima'), answer], clock), clock, tools: [forecastApprovalTool(runs, clock)], approvals: gate });
    expect(asked.map((request) => request.requestId)).toEqual(['c1', 'c3']);
    expect(runs).toEqual(['Oslo', 'Rome']);
    expect(next.result.transcript.find((message) => message.role === 'tool')).toMatchObject({ content: DECLINED_OUTPUTS.declined });
  });

  it('declines without asking when the host has no approval gate', async () => {
    const clock = new FakeClock(T);
    const runs: string[] = [];
    const { result, types } = await runWithDefaults({ model: new ScriptedChatModel([call('c1', 'Oslo'), answer], clock), clock, tools: [forecastApprovalTool(runs, clock)] });
    expect(runs).toEqual([]);
    expect(types).not.toContain('approval_request');
    expect(result.transcript.find((message) => message.role === 'tool')).toMatchObject({ content: DECLINED_OUTPUTS.cannotAsk });
  });

  it('a stop while the card is open withdraws it and ends the run stopped, the call "cancelled by user"', async () => {
    const controller = new AbortController();
    const runs: string[] = [];
    const clock = new FakeClock(T);
    let cardSignal: AbortSignal | undefined;
    const gate: AgentApprovalGate = {
      remembered: () => undefined,
      ask: (_request, signal) => {
        cardSignal = signal;
        controller.abort();
        return new Promise(() => undefined);
      },
      remember: () => undefined,
    };
    const { result, events } = await runWithDefaults({ model: new ScriptedChatModel([call('c1', 'Oslo'), answer], clock), clock, controller, tools: [forecastApprovalTool(runs, clock)], approvals: gate });
    expect(runs).toEqual([]);
    expect(cardSignal?.aborted).toBe(true);
    expect(events.find((event) => event.type === 'approval_response')).toMatchObject({ outcome: 'cancelled' });
    expect(result.status).toBe('stopped');
    expect(result.payload).not.toHaveProperty('pauseStartedAt');
    expect(result.payload.steps[0].tool).toMatchObject({ status: 'cancelled' });
    expect(result.transcript.at(-1)).toEqual({ role: 'tool', toolCallId: 'c1', content: 'cancelled by user' });
  });

  it('a card left unanswered times out as declined and the run goes on', async () => {
    const runs: string[] = [];
    const clock = new FakeClock(T);
    const gate: AgentApprovalGate = { remembered: () => undefined, ask: () => new Promise(() => undefined), remember: () => undefined };
    const { result, events } = await runWithDefaults({ model: new ScriptedChatModel([call('c1', 'Oslo'), answer], clock), clock, inputTimeoutMs: 20, tools: [forecastApprovalTool(runs, clock)], approvals: gate });
    expect(events.find((event) => event.type === 'approval_response')).toMatchObject({ outcome: 'timed_out' });
    expect(result.transcript.find((message) => message.role === 'tool')).toMatchObject({ content: 'The user did not approve this call within 20 ms. Continue without it.' });
    expect(result.status).toBe('complete');
  });
});
