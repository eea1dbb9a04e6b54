import { modelTurnsOf, type ReasoningModelTurn, type ReasoningPayload, type ReasoningStep } from '../../markers';

/** One line of the trace: a step, or a model turn (its number counts from 1). */
export type TraceEntry = { readonly type: 'step'; readonly step: ReasoningStep } | { readonly type: 'turn'; readonly turn: ReasoningModelTurn; readonly number: number };

/** What the list draws: an entry, or a group of consecutive tool calls that can fold into one line. */
export type TraceRow = TraceEntry | { readonly type: 'group'; readonly entries: readonly TraceEntry[] };

/**
 * The run's steps with its model turns put where they started (DESIGN.md 12.3): a turn comes
 * before the steps it produced. Steps keep their order; a payload without turns (a live run, an
 * older note) gives its steps alone.
 */
export function traceEntries(payload: ReasoningPayload): TraceEntry[] {
  // A damaged note may hold something else where the steps belong.
  const steps: readonly ReasoningStep[] = Array.isArray(payload.steps) ? (payload.steps as readonly ReasoningStep[]) : [];
  const turns = modelTurnsOf(payload);
  const entries: TraceEntry[] = [];
  let next = 0;
  for (const step of steps) {
    for (let turn = turns[next]; turn !== undefined && comesBefore(turn, step); turn = turns[next]) {
      entries.push({ type: 'turn', turn, number: next + 1 });
      next += 1;
    }
    entries.push({ type: 'step', step });
  }
  turns.slice(next).forEach((turn, index) => entries.push({ type: 'turn', turn, number: next + index + 1 }));
  return entries;
}

/**
 * Whether a turn started before a step. A tool call runs after the turn that asked for it has
 * ended, so a tool step comes after a turn only once that turn is over: a fast tool and the next
 * turn may share a millisecond, and the turn must not jump ahead of the call it followed. The
 * context step is before every turn.
 */
function comesBefore(turn: ReasoningModelTurn, step: ReasoningStep): boolean {
  // What the question attached is read before the first request: "Attached …" always comes
  // first, also when the first turn starts in the same millisecond (it moved from run to run).
  if (step.kind === 'context') return false;
  const at = typeof step.at === 'number' ? step.at : -Infinity;
  return step.kind === 'tool' ? turn.at + turn.durationMs <= at : turn.at <= at;
}

/**
 * Consecutive tool calls as groups: the model turns that led to them go with them, a turn after
 * the last of them (the answer's) stays on its own line; any other step ends a group. Thoughts,
 * notices and questions are each their own words and never fold. Only repetition folds: a search
 * and a read stay two lines, each with its query or note, while two searches and a read become
 * "Searched 2 times · read 1 note".
 */
export function groupTraceEntries(entries: readonly TraceEntry[]): TraceRow[] {
  const rows: TraceRow[] = [];
  let stretch: TraceEntry[] = [];
  const close = (): void => {
    // Turns after the stretch's last call belong to what follows.
    let end = stretch.length;
    while (end > 0 && stretch[end - 1]?.type === 'turn') end -= 1;
    const calls = stretch.slice(0, end);
    if (repeats(calls)) rows.push({ type: 'group', entries: calls });
    else rows.push(...calls);
    stretch = stretch.slice(end);
  };
  for (const entry of entries) {
    if (entry.type === 'step' && entry.step.kind !== 'tool') {
      close();
      rows.push(...stretch, entry);
      stretch = [];
    } else {
      stretch.push(entry);
    }
  }
  close();
  rows.push(...stretch);
  return rows;
}

/** Whether some tool comes back among the calls. */
function repeats(entries: readonly TraceEntry[]): boolean {
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.type !== 'step') continue;
    const name = String(entry.step.tool?.name ?? '');
    if (seen.has(name)) return true;
    seen.add(name);
  }
  return false;
}
