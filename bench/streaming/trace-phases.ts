// `node --import tsx bench/streaming/trace-phases.ts TRACE.json [TRACE.json ...]`: where a kept
// streaming-bench trace (GLASSBOX_BENCH_TRACE_DIR) spent the main thread, phase by phase. The
// page marks `bench-start`, `bench-answer` (the answer starts), `bench-run-end` and `bench-end`;
// for each phase it prints the tasks' time, the self time of each trace event (an event's time
// minus the events inside it), and how many layouts and styled elements there were.
import { readFileSync } from 'node:fs';
import type { TraceEvent } from './chromium-bench';

interface Phase {
  readonly name: string;
  readonly from: number;
  readonly to: number;
}

const threadMs = (event: TraceEvent): number => (event.tdur ?? event.dur ?? 0) / 1000;

function phasesOf(events: readonly TraceEvent[]): { phases: Phase[]; onMain: TraceEvent[] } {
  const mark = (name: string): TraceEvent => {
    const found = events.find((event) => event.name === name);
    if (found === undefined) throw new Error(`The trace has no ${name} mark.`);
    return found;
  };
  const [start, answer, runEnd, end] = ['bench-start', 'bench-answer', 'bench-run-end', 'bench-end'].map(mark);
  const main = events.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === start.pid);
  const tid = main?.tid ?? start.tid;
  const onMain = events
    .filter((event) => event.ph === 'X' && event.pid === start.pid && event.tid === tid && event.ts >= start.ts && event.ts <= end.ts)
    .sort((left, right) => left.ts - right.ts || (right.dur ?? 0) - (left.dur ?? 0));
  return {
    phases: [
      { name: 'steps', from: start.ts, to: answer.ts },
      { name: 'answer', from: answer.ts, to: runEnd.ts },
      { name: 'end', from: runEnd.ts, to: end.ts + 1 },
    ],
    onMain,
  };
}

function describePhase(phase: Phase, onMain: readonly TraceEvent[]): string {
  const events = onMain.filter((event) => event.ts >= phase.from && event.ts < phase.to);
  const self = new Map<string, number>();
  const open: TraceEvent[] = [];
  let tasksMs = 0;
  for (const event of events) {
    while (open.length > 0 && open[open.length - 1].ts + (open[open.length - 1].dur ?? 0) <= event.ts) open.pop();
    const parent = open[open.length - 1];
    if (parent === undefined) tasksMs += threadMs(event);
    else self.set(parent.name, (self.get(parent.name) ?? 0) - threadMs(event));
    self.set(event.name, (self.get(event.name) ?? 0) + threadMs(event));
    open.push(event);
  }
  const layouts = events.filter((event) => event.name === 'Layout');
  const styles = events.filter((event) => event.name === 'UpdateLayoutTree');
  const sum = (list: readonly TraceEvent[], pick: (event: TraceEvent) => number | undefined) => list.reduce((total, event) => total + (pick(event) ?? 0), 0);
  const top = [...self.entries()].filter(([, ms]) => ms >= 1).sort((left, right) => right[1] - left[1]).slice(0, 16);
  return [
    `${phase.name}: tasks ${tasksMs.toFixed(0)} ms; ${layouts.length} layouts (${sum(layouts, (event) => event.args?.beginData?.dirtyObjects)} objects), ${styles.length} style passes (${sum(styles, (event) => event.args?.elementCount)} elements)`,
    ...top.map(([name, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${name}`),
  ].join('\n');
}

for (const file of process.argv.slice(2)) {
  const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  const { phases, onMain } = phasesOf(traceEvents);
  process.stdout.write(`${file}\n${phases.map((phase) => describePhase(phase, onMain)).join('\n')}\n\n`);
}
