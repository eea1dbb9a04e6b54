import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReasoningModelTurn, ReasoningStep } from '../../../src/markers';
import { AgentReasoningBlock } from '../../../src/ui/reasoning/AgentReasoningBlock';
import { DEFAULT_DISPLAY_OPTIONS, type ReasoningDisplayOptions } from '../../../src/ui/reasoning/display-options';
import { T0, payload, thoughtStep, toolStep } from '../../support/ui-payloads';

// DESIGN.md 12.3: each model turn shows its time and tokens; consecutive steps of one kind fold
// into one line (normal and minimal), which unfolds in place; verbose shows every step.
const search = (id: string, query: string, at: number): ReasoningStep => ({ ...toolStep(id, `Searching notes for "${query}"`, { args: { query }, durationMs: 40 }), at });
const read = (id: string, path: string, at: number): ReasoningStep => ({ ...toolStep(id, `Reading ${path}`, { name: 'readNote', args: { path }, durationMs: 12, output: path }), at });
const turn = (at: number, promptTokens: number, completionTokens: number, estimated = false): ReasoningModelTurn => ({
  at,
  durationMs: 450,
  model: 'gpt-4o-mini',
  usage: { promptTokens, completionTokens, ...(estimated ? { estimated: true as const } : {}) },
});

const run = payload({
  status: 'complete',
  elapsedMs: 9000,
  endedAt: T0 + 10_000,
  steps: [
    thoughtStep('s1', 'Planning the search', { at: T0 + 100 }),
    search('s2', 'refunds', T0 + 1500),
    search('s3', 'returns', T0 + 3000),
    search('s4', 'refund policy', T0 + 4500),
    read('s5', 'Refund policy.md', T0 + 6000),
    read('s6', 'Billing.md', T0 + 6100),
  ],
  turns: [turn(T0 + 1000, 1000, 40), turn(T0 + 2500, 1200, 30), turn(T0 + 4000, 1400, 60, true), turn(T0 + 5500, 200, 160), turn(T0 + 7000, 2400, 300)],
  usage: { promptTokens: 6200, completionTokens: 590, estimated: true },
});

function open(display: Partial<ReasoningDisplayOptions> = {}) {
  const view = render(<AgentReasoningBlock payload={run} live={false} display={{ ...DEFAULT_DISPLAY_OPTIONS, ...display }} />);
  fireEvent.click(screen.getByTestId('reasoning-header'));
  return view;
}

describe('Reasoning step list: model turns and folded groups', () => {
  it('normal: the searches and reads fold into one line with their turns\' tokens; the answer\'s turn stays on its own line', () => {
    open();
    const group = screen.getByTestId('reasoning-step-group');
    // Turns 1-4 led to the five tool calls: 3,800 in + 290 out, one of them estimated.
    expect(within(group).getByTestId('reasoning-step-group-label').textContent).toBe('Searched 3 times · read 2 notes · ~4.1k tokens');
    expect(within(group).queryByTestId('reasoning-step')).toBeNull();
    expect(screen.getAllByTestId('reasoning-step').map((step) => step.textContent)).toEqual(['Planning the search']);
    const turns = screen.getAllByTestId('reasoning-model-turn');
    expect(turns.map((item) => item.textContent)).toEqual(['Model turn 5450 ms2,400 in / 300 out']);
  });

  it('unfolds in place from its button and folds again', () => {
    open();
    const toggle = screen.getByRole('button', { name: 'Searched 3 times · read 2 notes · ~4.1k tokens' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list?.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list?.hidden).toBe(false);
    const group = screen.getByTestId('reasoning-step-group');
    expect(within(group).getAllByTestId('reasoning-step-summary').map((summary) => summary.textContent)).toEqual([
      'Searching notes for "refunds"',
      'Searching notes for "returns"',
      'Searching notes for "refund policy"',
      'Reading Refund policy.md',
      'Reading Billing.md',
    ]);
    // Each turn with its time and tokens, the estimated one marked; each tool call with its time.
    expect(within(group).getAllByTestId('reasoning-turn-tokens').map((tokens) => tokens.textContent)).toEqual(['1,000 in / 40 out', '1,200 in / 30 out', '~1,400 in / ~60 out', '200 in / 160 out']);
    expect(within(group).getAllByTestId('reasoning-turn-tokens')[2]?.getAttribute('title')).toBe('Estimated: the server did not report token usage');
    expect(within(group).getAllByText('450 ms')).toHaveLength(4);
    expect(within(group).getAllByText('40 ms')).toHaveLength(3);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(group).queryByTestId('reasoning-step')).toBeNull();
  });

  it('verbose: every step and every turn, nothing folded', () => {
    open({ mode: 'verbose' });
    expect(screen.queryByTestId('reasoning-step-group')).toBeNull();
    expect(screen.getAllByTestId('reasoning-step')).toHaveLength(6);
    expect(screen.getAllByTestId('reasoning-model-turn').map((item) => item.querySelector('.glassbox-step-summary')?.textContent)).toEqual(['Model turn 1', 'Model turn 2', 'Model turn 3', 'Model turn 4', 'Model turn 5']);
  });

  it('minimal: the group folds too, and no turn lines', () => {
    open({ mode: 'minimal' });
    expect(screen.getByTestId('reasoning-step-group-label').textContent).toBe('Searched 3 times · read 2 notes · ~4.1k tokens');
    expect(screen.queryByTestId('reasoning-model-turn')).toBeNull();
  });

  it('a single step of a kind is not a group, and a failed step is named on the folded line', () => {
    const failing = payload({
      status: 'complete',
      elapsedMs: 1000,
      steps: [search('s1', 'refunds', T0 + 100), thoughtStep('s2', 'Try again', { at: T0 + 200 }), search('s3', 'a', T0 + 300), { ...search('s4', 'b', T0 + 400), tool: { name: 'localSearch', args: {}, status: 'error', durationMs: 5 } }],
    });
    render(<AgentReasoningBlock payload={failing} live={false} />);
    fireEvent.click(screen.getByTestId('reasoning-header'));
    expect(screen.getAllByTestId('reasoning-step-group')).toHaveLength(1);
    expect(screen.getByTestId('reasoning-step-group-label').textContent).toBe('Searched 2 times · 1 step failed');
    expect(screen.getAllByTestId('reasoning-step')).toHaveLength(2);
  });

  it('while a run works, the group it works in stays open so the newest step shows; earlier groups fold', () => {
    const working = payload({
      steps: [search('s1', 'a', T0 + 100), search('s2', 'b', T0 + 200), thoughtStep('s3', 'Now read', { at: T0 + 300 }), read('s4', 'A.md', T0 + 400), { ...read('s5', 'B.md', T0 + 500), tool: { name: 'readNote', args: { path: 'B.md' }, status: 'running' } }],
    });
    render(<AgentReasoningBlock payload={working} live />);
    const [searches, reads] = screen.getAllByTestId('reasoning-step-group');
    expect(searches?.getAttribute('data-expanded')).toBe('false');
    expect(reads?.getAttribute('data-expanded')).toBe('true');
    expect(within(reads).getByText('Reading B.md')).toBeTruthy();
  });

  it('a run that only answered shows its model turn (not in minimal, which says no steps were recorded)', () => {
    const answered = payload({ status: 'complete', elapsedMs: 900, endedAt: T0 + 1000, steps: [], turns: [turn(T0 + 10, 900, 40)] });
    const { unmount } = render(<AgentReasoningBlock payload={answered} live={false} />);
    fireEvent.click(screen.getByTestId('reasoning-header'));
    expect(screen.getByTestId('reasoning-model-turn').textContent).toBe('Model turn 1450 ms900 in / 40 out');
    unmount();
    render(<AgentReasoningBlock payload={answered} live={false} display={{ ...DEFAULT_DISPLAY_OPTIONS, mode: 'minimal' }} />);
    fireEvent.click(screen.getByTestId('reasoning-header'));
    expect(screen.getByText('No steps recorded.')).toBeTruthy();
  });
});
