import { runAgent } from '../../src/agent/run-agent';
import type { AgentRunOptions, AgentRunResult } from '../../src/agent/agent-run-options';
import type { AgentTool } from '../../src/agent/agent-tool';
import type { AgentEvent } from '../../src/agent/events';
import type { ChatModel } from '../../src/llm/chat-types';
import { FakeClock } from './fake-clock';
import { sampleReadTool, sampleSearchTool } from './sample-agent-tools';

/** What {@link runWithDefaults} hands back: the result, every event, and the controls used. */
export interface HarnessRun {
  readonly result: AgentRunResult;
  readonly events: readonly AgentEvent[];
  readonly types: readonly string[];
}

/**
 * Runs the agent with test defaults: a fake clock at `T0`, run id `r1`, the sample search and
 * read tools, an empty history, a fresh signal. Anything can be overridden.
 */
export async function runWithDefaults(
  options: { model: ChatModel; clock?: FakeClock; tools?: readonly AgentTool[]; controller?: AbortController } & Partial<Omit<AgentRunOptions, 'model' | 'onEvent' | 'signal'>>,
): Promise<HarnessRun> {
  const clock = options.clock ?? new FakeClock();
  const events: AgentEvent[] = [];
  const { clock: _clock, controller, tools, ...rest } = options;
  const result = await runAgent({
    modelName: 'test-model',
    question: 'How long do refunds take?',
    history: [],
    runId: 'r1',
    now: clock.now,
    tools: tools ?? [sampleSearchTool({ clock, searchMs: 200 }), sampleReadTool({ clock, readMs: 300 })],
    ...rest,
    signal: (controller ?? new AbortController()).signal,
    onEvent: (event) => events.push(event),
  });
  return { result, events, types: events.map((event) => event.type) };
}
