import { act, fireEvent, render, screen } from '@testing-library/react';
import { AgentReasoningBlock } from '../../../src/ui/reasoning/AgentReasoningBlock';
import { DEFAULT_DISPLAY_OPTIONS, type ReasoningDisplayOptions } from '../../../src/ui/reasoning/display-options';
import { HOSTILE, T0, payload, thoughtStep, toolStep } from '../../support/ui-payloads';

afterEach(() => {
  jest.useRealTimers();
});

function header() {
  return screen.getByTestId('reasoning-header');
}
function label() {
  return screen.getByTestId('reasoning-label').textContent;
}
function content() {
  return screen.getByTestId('reasoning-content');
}

describe('AgentReasoningBlock: live run', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: T0 });
  });

  it('ticks "Reasoning · Ns" once a second from startedAt, expanded, without a new payload', () => {
    render(<AgentReasoningBlock payload={payload({ steps: [thoughtStep('s1', 'Planning the search')] })} live />);
    expect(label()).toBe('Reasoning…');
    expect(header().getAttribute('aria-expanded')).toBe('true');
    expect(content().hidden).toBe(false);
    act(() => jest.advanceTimersByTime(9000));
    expect(label()).toBe('Reasoning · 9s');
    act(() => jest.advanceTimersByTime(1000));
    expect(label()).toBe('Reasoning · 10s');
    expect(screen.getByRole('img', { name: 'Working' })).toBeTruthy();
  });

  it('ticks on the whole seconds since the message was sent, not since the block mounted', () => {
    render(<AgentReasoningBlock payload={payload({ startedAt: T0 - 400 })} live />);
    expect(label()).toBe('Reasoning…');
    act(() => jest.advanceTimersByTime(600));
    expect(label()).toBe('Reasoning · 1s');
    act(() => jest.advanceTimersByTime(1000));
    expect(label()).toBe('Reasoning · 2s');
  });

  it('leaves paused time out of the timer', () => {
    jest.setSystemTime(T0 + 20_000);
    render(<AgentReasoningBlock payload={payload({ pausedMs: 15_000 })} live />);
    expect(label()).toBe('Reasoning · 5s');
  });

  it('freezes at "Waiting for your answer" while a question is open', () => {
    const asking = payload({ status: 'awaiting_input', steps: [{ id: 'q', kind: 'input', summary: 'Which year?', at: T0 + 4000 }] });
    render(<AgentReasoningBlock payload={asking} live />);
    expect(label()).toBe('Waiting for your answer');
    expect(screen.getByTestId('reasoning-announcement').textContent).toBe('Waiting for your answer');
  });

  it('announces state changes, not ticks', () => {
    const { rerender } = render(<AgentReasoningBlock payload={payload()} live />);
    const region = screen.getByTestId('reasoning-announcement');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('Reasoning');
    act(() => jest.advanceTimersByTime(5000));
    expect(region.textContent).toBe('Reasoning');
    rerender(<AgentReasoningBlock payload={payload({ status: 'collapsed', elapsedMs: 5000, answerStartedAt: T0 + 5000 })} live />);
    expect(region.textContent).toBe('Answering');
  });

  it('collapses once, about a second after the answer starts, to "Thought for Ns"', () => {
    const { rerender } = render(<AgentReasoningBlock payload={payload({ steps: [thoughtStep('s1', 'Plan')] })} live />);
    act(() => jest.advanceTimersByTime(12_000));
    const answering = payload({ status: 'collapsed', elapsedMs: 12_400, answerStartedAt: T0 + 12_400, steps: [thoughtStep('s1', 'Plan')] });
    rerender(<AgentReasoningBlock payload={answering} live />);
    expect(label()).toBe('Thought for 12s');
    expect(header().getAttribute('aria-expanded')).toBe('true');
    act(() => jest.advanceTimersByTime(999));
    expect(content().hidden).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(content().hidden).toBe(true);
    expect(header().getAttribute('aria-expanded')).toBe('false');
    // Once: the run's end does not toggle it again, and a click reopens it for good.
    fireEvent.click(header());
    rerender(<AgentReasoningBlock payload={{ ...answering, status: 'complete', endedAt: T0 + 20_000 }} live={false} />);
    act(() => jest.advanceTimersByTime(5000));
    expect(content().hidden).toBe(false);
  });

  it("a user's click wins over the automatic collapse", () => {
    const { rerender } = render(<AgentReasoningBlock payload={payload()} live />);
    rerender(<AgentReasoningBlock payload={payload({ status: 'collapsed', elapsedMs: 3000 })} live />);
    fireEvent.click(header()); // closes now
    fireEvent.click(header()); // and reopens: the user wants it open
    act(() => jest.advanceTimersByTime(3000));
    expect(content().hidden).toBe(false);
  });

  it('a fast run that completes before the second is up still folds', () => {
    const { rerender } = render(<AgentReasoningBlock payload={payload()} live />);
    rerender(<AgentReasoningBlock payload={payload({ status: 'complete', elapsedMs: 300 })} live={false} />);
    expect(label()).toBe('Thought for less than a second');
    act(() => jest.advanceTimersByTime(1000));
    expect(content().hidden).toBe(true);
  });

  it.each([
    ['stopped', 'Stopped after 14s'],
    ['error', 'Failed after 14s'],
    ['max_iterations', 'Reached the step limit after 14s'],
    ['budget', 'Stopped at a spending limit after 14s'],
  ] as const)('a %s run reads "%s" and keeps its steps open', (status, expected) => {
    const { rerender } = render(<AgentReasoningBlock payload={payload({ steps: [thoughtStep('s1', 'Plan')] })} live />);
    rerender(<AgentReasoningBlock payload={payload({ status, elapsedMs: 14_200, error: 'Server said 500', steps: [thoughtStep('s1', 'Plan')] })} live />);
    act(() => jest.advanceTimersByTime(3000));
    expect(label()).toBe(expected);
    expect(content().hidden).toBe(false);
    expect(screen.getByTestId('reasoning-step-summary').textContent).toBe('Plan');
  });

  it('a run a spending limit stopped shows its sentence under the steps (issue 40)', () => {
    const sentence = "Stopped at the run's token limit of 10,000 tokens: 9,100 tokens spent, and the next request (~964 tokens) would cross it.";
    render(<AgentReasoningBlock payload={payload({ status: 'budget', elapsedMs: 4_000, error: sentence, steps: [thoughtStep('s1', 'Plan')] })} live={false} />);
    expect(screen.getByTestId('reasoning-error').textContent).toBe(sentence);
  });

  it('minimal mode stays closed while working and shows titles when opened', () => {
    render(<AgentReasoningBlock payload={payload({ steps: [toolStep('s1', 'Searching notes for "refunds"')] })} live display={{ ...DEFAULT_DISPLAY_OPTIONS, mode: 'minimal' }} />);
    expect(content().hidden).toBe(true);
    fireEvent.click(header());
    expect(screen.getByTestId('reasoning-step-summary').textContent).toBe('Searching notes for "refunds"');
    expect(screen.queryByText('localSearch')).toBeNull();
  });
});

describe('AgentReasoningBlock: reloaded', () => {
  it('says in the folded line how many steps failed or were declined (issue 26)', () => {
    const steps = [
      toolStep('s1', 'Searched notes'),
      toolStep('s2', 'Create Inbox/Offsite ideas.md', { name: 'createNote', status: 'error' }),
      toolStep('s3', 'Append to Inbox/Todo.md', { name: 'appendToNote', status: 'declined' }),
    ];
    render(<AgentReasoningBlock payload={payload({ status: 'complete', elapsedMs: 5_000, steps })} live={false} />);
    expect(content().hidden).toBe(true);
    expect(label()).toBe('Thought for 5s · 1 step failed, 1 declined');
  });

  it('a folded block whose steps all went well reads as before', () => {
    render(<AgentReasoningBlock payload={payload({ status: 'complete', elapsedMs: 5_000, steps: [toolStep('s1', 'Searched notes')] })} live={false} />);
    expect(label()).toBe('Thought for 5s');
  });

  it('starts collapsed, with the duration from the saved fields, and expands on click', () => {
    render(<AgentReasoningBlock payload={payload({ status: 'complete', elapsedMs: 65_000, steps: [thoughtStep('s1', 'Plan')] })} live={false} />);
    expect(label()).toBe('Thought for 1m 5s');
    expect(content().hidden).toBe(true);
    expect(header().getAttribute('aria-controls')).toBe(content().id);
    expect(screen.queryByRole('img', { name: 'Working' })).toBeNull();
    expect(screen.getByTestId('reasoning-announcement').textContent).toBe('');
    fireEvent.click(header());
    expect(content().hidden).toBe(false);
    expect(header().getAttribute('aria-expanded')).toBe('true');
  });

  it('marks estimated usage with "~" and names cached and reasoning tokens the server reported', () => {
    const { unmount } = render(<AgentReasoningBlock payload={payload({ status: 'complete', elapsedMs: 2000, steps: [], usage: { promptTokens: 1812, completionTokens: 64, estimated: true } })} live={false} />);
    expect(screen.getByTestId('reasoning-usage').textContent).toBe('Tokens: ~1,812 in / ~64 out');
    unmount();
    render(<AgentReasoningBlock payload={payload({ status: 'complete', elapsedMs: 2000, steps: [], usage: { promptTokens: 900, completionTokens: 120, cachedTokens: 512, reasoningTokens: 80 } })} live={false} />);
    expect(screen.getByTestId('reasoning-usage').textContent).toBe('Tokens: 900 in (512 cached) / 120 out (80 reasoning)');
  });

  it('shows the saved token usage in its footer, and no footer when the run has none', () => {
    const { unmount } = render(<AgentReasoningBlock payload={payload({ status: 'complete', elapsedMs: 2000, steps: [], usage: { promptTokens: 812, completionTokens: 64 } })} live={false} />);
    expect(screen.getByTestId('reasoning-usage').textContent).toBe('Tokens: 812 in / 64 out');
    unmount();
    render(<AgentReasoningBlock payload={payload({ status: 'complete', elapsedMs: 2000, steps: [] })} live={false} />);
    expect(screen.queryByTestId('reasoning-usage')).toBeNull();
  });

  it('derives the duration from timestamps when elapsedMs is missing', () => {
    const saved = { ...payload({ status: 'complete', answerStartedAt: T0 + 7000 }), elapsedMs: undefined as unknown as number };
    render(<AgentReasoningBlock payload={saved} live={false} />);
    expect(label()).toBe('Thought for 7s');
  });

  it('says "Thought" for a legacy block without a duration', () => {
    render(<AgentReasoningBlock payload={payload({ status: 'complete', startedAt: 0, elapsedMs: 0, steps: [thoughtStep('s1', 'Old step', { at: 0 })] })} live={false} />);
    expect(label()).toBe('Thought');
  });

  it('says "Reasoning unavailable" for an unreadable marker', () => {
    render(<AgentReasoningBlock payload={null} reasoningError live={false} />);
    expect(label()).toBe('Reasoning unavailable');
    expect(document.querySelector('[data-status="unavailable"]')).not.toBeNull();
  });
});

describe('AgentReasoningBlock: display modes', () => {
  const steps = [
    thoughtStep('s1', 'Plan the search', { detail: 'I should look for refund notes first.' }),
    toolStep('s2', 'Searching notes for "refunds"', { output: ['a', 'b', 'c', 'd', 'e', 'f'].join('\n'), outputChars: 11 }),
    { id: 's3', kind: 'reasoning' as const, summary: 'Model reasoning', detail: 'raw chain of thought', at: T0 + 2000 },
  ];
  const done = payload({ status: 'complete', elapsedMs: 3000, steps });

  function open(display: Partial<ReasoningDisplayOptions>) {
    render(<AgentReasoningBlock payload={done} live={false} display={{ ...DEFAULT_DISPLAY_OPTIONS, ...display }} />);
    fireEvent.click(header());
  }

  it('normal: tool name, short arguments, status, duration; output folded to "+N lines"', () => {
    open({ mode: 'normal' });
    expect(screen.getByText('localSearch')).toBeTruthy();
    expect(screen.getByText('query: "refunds"')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Done' })).toBeTruthy();
    expect(screen.getByText('420 ms')).toBeTruthy();
    expect(screen.getByTestId('tool-output').querySelector('pre')?.textContent).toBe('a\nb\nc');
    fireEvent.click(screen.getByRole('button', { name: '+3 lines' }));
    expect(screen.getByTestId('tool-output').querySelector('pre')?.textContent).toBe('a\nb\nc\nd\ne\nf');
    expect(screen.getByText('I should look for refund notes first.')).toBeTruthy();
    expect(screen.queryByText('raw chain of thought')).toBeNull();
  });

  it('normal: a readNote step folds to the first lines of the note\'s text, not its header, properties and blank lines (issue 26)', () => {
    const output = '[[Home]] (Home.md):\n\n---\ntags: [home]\n---\n\n# Home\nWelcome to the studio.\nStandup is at 10:00.\nLunch on Fridays.';
    const read = toolStep('s1', 'Read Home', { name: 'readNote', args: { path: 'Home.md' }, output, outputChars: output.length });
    render(<AgentReasoningBlock payload={payload({ status: 'complete', elapsedMs: 1000, steps: [read] })} live={false} />);
    fireEvent.click(header());
    expect(screen.getByTestId('tool-output').querySelector('pre')?.textContent).toBe('# Home\nWelcome to the studio.\nStandup is at 10:00.');
    fireEvent.click(screen.getByRole('button', { name: '+7 lines' }));
    expect(screen.getByTestId('tool-output').querySelector('pre')?.textContent).toBe(output);
  });

  it('verbose: full arguments, whole output and the raw reasoning', () => {
    open({ mode: 'verbose' });
    expect(document.querySelector('.glassbox-tool-args-full')?.textContent).toBe('{\n  "query": "refunds"\n}');
    expect(screen.getByTestId('tool-output').querySelector('pre')?.textContent).toBe('a\nb\nc\nd\ne\nf');
    expect(screen.getByText('raw chain of thought')).toBeTruthy();
  });

  it('the toggles hide reasoning text and tool output separately', () => {
    open({ mode: 'verbose', showReasoningText: false, showToolOutput: false });
    expect(screen.queryByTestId('tool-output')).toBeNull();
    expect(screen.queryByText('raw chain of thought')).toBeNull();
    expect(screen.queryByText('I should look for refund notes first.')).toBeNull();
    expect(screen.getByText('localSearch')).toBeTruthy();
  });
});

describe('AgentReasoningBlock: hostile text is text (DESIGN.md 3.3)', () => {
  it('renders markup in steps, details, args, outputs and errors as text', () => {
    const hostile = payload({
      status: 'error',
      elapsedMs: 3000,
      // Not a step's words: the block's last line says it (a step that says it whole stands for it).
      error: `Failed: ${HOSTILE.script}`,
      steps: [
        thoughtStep('s1', HOSTILE.img, { detail: HOSTILE.script }),
        toolStep('s2', HOSTILE.script, { name: HOSTILE.img, args: { query: HOSTILE.img }, output: HOSTILE.img }),
      ],
    });
    render(<AgentReasoningBlock payload={hostile} live={false} display={{ ...DEFAULT_DISPLAY_OPTIONS, mode: 'verbose' }} />);
    fireEvent.click(header());
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getAllByText(HOSTILE.img).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('reasoning-error').textContent).toBe(`Failed: ${HOSTILE.script}`);
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});
