// `npm run bench` (or `node bench/run-all.mjs agent`): the chain runner's cost for the content
// of a live message (DESIGN.md 3.1, 10). A 20-step run (10 model calls with 2 tool calls each)
// and a 5,000-token answer (5,000 text deltas of 4 characters), in process (no HTTP). Rows:
// - runAgent with `onRun`: the runner hands its one fold's values (reasoning state, answer) to
//   the consumer, who composes no marker while the run goes on; the result's content is
//   composed once at the end (what the chat view uses, DESIGN.md 12.2);
// - baseline: the same run where the consumer rebuilds the content with
//   `composeAssistantContent` on every event (re-serialising the marker on each delta).
// Medians of 7 runs after 2 warm-ups. Prints a Markdown table.
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { runAgent } from '../src/agent/run-agent';
import type { LiveRun } from '../src/agent/run-accumulator';
import type { AgentTool } from '../src/agent/agent-tool';
import { reduceReasoning } from '../src/agent/reasoning-state';
import type { ChatModel, LlmDelta, LlmRequest } from '../src/llm/chat-types';
import { composeAssistantContent, type ReasoningPayload } from '../src/markers';
import { median } from './median';

const RUNS = 7;
const WARMUP = 2;
const TOOL_TURNS = 10;
const ANSWER_DELTAS = 5000;


class BenchModel implements ChatModel {
  private calls = 0;
  async *stream(_request: LlmRequest): AsyncIterable<LlmDelta> {
    await Promise.resolve();
    const call = this.calls++;
    if (call < TOOL_TURNS) {
      yield { type: 'reasoning', text: `Step ${call}: looking further.\n` };
      yield { type: 'tool_call', index: 0, call: { id: `a${call}`, name: 'localSearch', arguments: JSON.stringify({ query: `topic ${call}` }) } };
      yield { type: 'tool_call', index: 1, call: { id: `b${call}`, name: 'report_thinking', arguments: JSON.stringify({ step: `Checked topic ${call}` }) } };
      yield { type: 'finish', reason: 'tool_calls' };
      return;
    }
    for (let index = 0; index < ANSWER_DELTAS; index++) yield { type: 'text', text: 'abc ' };
    yield { type: 'finish', reason: 'stop' };
  }
}

const search: AgentTool = {
  name: 'localSearch',
  description: 'Search.',
  schema: z.object({ query: z.string() }),
  describeStart: (args: { query: string }) => `Searching notes for "${args.query}"`,
  execute: (args: { query: string }) => Promise.resolve({ output: `Found 3 notes about ${args.query}.\n`.repeat(40) }),
};

// Process CPU time as well as wall time: on a shared machine wall time mostly measures the load.
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

async function once(mode: 'runner' | 'naive'): Promise<{ ms: number; cpuMs: number; serialisations: number; events: number; chars: number }> {
  let serialisations = 0;
  let events = 0;
  let chars = 0;
  let state: ReasoningPayload | null = null;
  let answer = '';
  const started = performance.now();
  const startedCpu = cpuMs();
  await runAgent({
    model: new BenchModel(),
    modelName: 'bench',
    tools: [search],
    question: 'Bench?',
    history: [],
    signal: new AbortController().signal,
    maxIterations: TOOL_TURNS + 2,
    onEvent: (event) => {
      events++;
      if (mode === 'naive') {
        state = reduceReasoning(state, event);
        if (event.type === 'text_delta') answer += event.text;
        chars += composeAssistantContent(state, answer).length;
        serialisations++;
      }
    },
    ...(mode === 'runner' ? { onRun: (run: LiveRun) => (chars += run.answer.length) } : {}),
  });
  // The runner composes the result's content once, at the end.
  if (mode === 'runner') serialisations = 1;
  return { ms: performance.now() - started, cpuMs: cpuMs() - startedCpu, serialisations, events, chars };
}

async function main(): Promise<void> {
  const rows: string[] = [];
  const results: Record<string, { ms: number; cpuMs: number; serialisations: number; events: number }> = {};
  for (const mode of ['runner', 'naive'] as const) {
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let last = { ms: 0, cpuMs: 0, serialisations: 0, events: 0, chars: 0 };
    for (let run = 0; run < WARMUP + RUNS; run++) {
      last = await once(mode);
      if (run >= WARMUP) {
        times.push(last.ms);
        cpuTimes.push(last.cpuMs);
      }
    }
    results[mode] = { ms: median(times), cpuMs: median(cpuTimes), serialisations: last.serialisations, events: last.events };
  }
  const runner = results.runner;
  const naive = results.naive;
  rows.push('| run (20 steps, 5,000 text deltas) | median ms | median CPU ms | events | marker serialisations |', '| --- | ---: | ---: | ---: | ---: |');
  rows.push(`| runAgent + onRun (values; the marker composed once, at the end) | ${runner.ms.toFixed(1)} | ${runner.cpuMs.toFixed(1)} | ${runner.events} | ${runner.serialisations} |`);
  rows.push(`| baseline: composeAssistantContent on every event | ${naive.ms.toFixed(1)} | ${naive.cpuMs.toFixed(1)} | ${naive.events} | ${naive.serialisations} |`);
  rows.push('', `Baseline / runner: ${(naive.ms / runner.ms).toFixed(1)}× the time (${(naive.cpuMs / runner.cpuMs).toFixed(1)}× the CPU time), ${(naive.serialisations / runner.serialisations).toFixed(0)}× the serialisations.`);
  process.stdout.write(`${rows.join('\n')}\n`);
}

void main();
