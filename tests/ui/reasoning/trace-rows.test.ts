import type { ReasoningModelTurn } from '../../../src/markers';
import { groupTraceEntries, traceEntries, type TraceRow } from '../../../src/ui/reasoning/trace-rows';
import { T0, payload, thoughtStep, toolStep } from '../../support/ui-payloads';

const turn = (at: number, durationMs: number): ReasoningModelTurn => ({ at, durationMs });
const names = (rows: readonly TraceRow[]): string[] =>
  rows.map((row) => (row.type === 'turn' ? `turn ${row.number}` : row.type === 'step' ? row.step.id : `group(${names(row.entries).join(', ')})`));

describe('traceEntries', () => {
  it('puts each turn before the steps it produced; a tool call that shares its millisecond with the next turn stays before it', () => {
    const run = payload({
      steps: [thoughtStep('reasoning', 'Plan', { at: T0 + 10 }), { ...toolStep('search', 'Search'), at: T0 + 50 }, { ...toolStep('read', 'Read'), at: T0 + 90 }],
      // Turn 2 starts in the millisecond the (instant) search started.
      turns: [turn(T0, 50), turn(T0 + 50, 40), turn(T0 + 95, 30)],
    });
    expect(names(traceEntries(run))).toEqual(['turn 1', 'reasoning', 'search', 'turn 2', 'read', 'turn 3']);
  });

  // Issue 38 item 13: "Model turn 1" came before or after "Attached …" as the milliseconds fell.
  it('puts the context step before the first turn, also in the same millisecond', () => {
    const context = { id: 'context', kind: 'context' as const, summary: 'Attached Home (~285 tokens)', at: T0 };
    for (const first of [T0, T0 - 1]) {
      const run = payload({ steps: [context, thoughtStep('reasoning', 'Plan', { at: T0 + 10 })], turns: [turn(first, 5)] });
      expect(names(traceEntries(run))).toEqual(['context', 'turn 1', 'reasoning']);
    }
  });

  it('a payload without turns gives its steps', () => {
    expect(names(traceEntries(payload({ steps: [thoughtStep('a', 'A')] })))).toEqual(['a']);
  });
});

describe('groupTraceEntries', () => {
  it('folds two or more steps of one kind with the turns that led to them; the last turn stays out', () => {
    const run = payload({
      steps: [thoughtStep('plan', 'Plan', { at: T0 + 1 }), { ...toolStep('s1', 'Search'), at: T0 + 20 }, { ...toolStep('s2', 'Search'), at: T0 + 40 }, thoughtStep('end', 'Done', { at: T0 + 50 })],
      turns: [turn(T0 + 10, 5), turn(T0 + 30, 5), turn(T0 + 45, 1)],
    });
    expect(names(groupTraceEntries(traceEntries(run)))).toEqual(['plan', 'group(turn 1, s1, turn 2, s2)', 'turn 3', 'end']);
  });

  it('folds only repetition: a search and a read stay two lines, thoughts never fold', () => {
    const read = { ...toolStep('r', 'Read', { name: 'readNote' }), at: T0 + 30 };
    const run = payload({ steps: [{ ...toolStep('s', 'Search'), at: T0 + 20 }, read, thoughtStep('t1', 'One', { at: T0 + 40 }), thoughtStep('t2', 'Two', { at: T0 + 50 })] });
    expect(names(groupTraceEntries(traceEntries(run)))).toEqual(['s', 'r', 't1', 't2']);
  });

  it('leaves a lone step of its kind as it is', () => {
    const run = payload({ steps: [{ ...toolStep('s1', 'Search'), at: T0 + 20 }, thoughtStep('t', 'Think', { at: T0 + 30 }), { ...toolStep('s2', 'Search'), at: T0 + 40 }] });
    expect(names(groupTraceEntries(traceEntries(run)))).toEqual(['s1', 't', 's2']);
  });
});
