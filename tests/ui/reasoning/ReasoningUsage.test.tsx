import { fireEvent, render, screen } from '@testing-library/react';
import type { ReasoningPayload } from '../../../src/markers';
import { AgentReasoningBlock } from '../../../src/ui/reasoning/AgentReasoningBlock';
import { DEFAULT_DISPLAY_OPTIONS } from '../../../src/ui/reasoning/display-options';
import { T0, payload } from '../../support/ui-payloads';

// DESIGN.md 12.3: the footer sums the run: its time, its tokens in and out, and its cost when the
// settings give the run's model a price (none built in; no price, no cost).
const ended: ReasoningPayload = payload({
  status: 'complete',
  elapsedMs: 3000,
  endedAt: T0 + 14_200,
  pausedMs: 2000,
  usage: { promptTokens: 22_000, completionTokens: 1500 },
  turns: [
    { at: T0 + 500, durationMs: 2000, model: 'gpt-4o-mini', usage: { promptTokens: 10_000, completionTokens: 500 } },
    { at: T0 + 4000, durationMs: 9000, model: 'gpt-4o-mini', usage: { promptTokens: 12_000, completionTokens: 1000 } },
  ],
});

function footer(run: ReasoningPayload, modelPrices?: Record<string, { inputPerMillion: number; outputPerMillion: number }>): string | null {
  const { unmount } = render(<AgentReasoningBlock payload={run} live={false} display={{ ...DEFAULT_DISPLAY_OPTIONS, ...(modelPrices !== undefined ? { modelPrices } : {}) }} />);
  fireEvent.click(screen.getByTestId('reasoning-header'));
  const text = screen.queryByTestId('reasoning-usage')?.textContent ?? null;
  unmount();
  return text;
}

describe('ReasoningUsage: the footer', () => {
  it("sums the run's time (without the wait for an answer), tokens and cost at the model's prices", () => {
    expect(footer(ended, { 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 } })).toBe('Time: 12 s · Tokens: 22,000 in / 1,500 out · Cost: $0.0042');
  });

  it('shows no cost without prices, or when the model has none', () => {
    expect(footer(ended)).toBe('Time: 12 s · Tokens: 22,000 in / 1,500 out');
    expect(footer(ended, {})).toBe('Time: 12 s · Tokens: 22,000 in / 1,500 out');
    expect(footer(ended, { 'qwen3:8b': { inputPerMillion: 1, outputPerMillion: 1 } })).toBe('Time: 12 s · Tokens: 22,000 in / 1,500 out');
  });

  it('marks an estimated cost with "~", as its tokens', () => {
    const estimated = payload({ ...ended, usage: { promptTokens: 1000, completionTokens: 100, estimated: true }, turns: [{ at: T0, durationMs: 10, model: 'm', usage: { promptTokens: 1000, completionTokens: 100, estimated: true } }] });
    expect(footer(estimated, { m: { inputPerMillion: 3, outputPerMillion: 15 } })).toBe('Time: 12 s · Tokens: ~1,000 in / ~100 out · Cost: ~$0.0045');
  });

  it('a note from before turns were kept shows its tokens and no cost', () => {
    const older = payload({ status: 'complete', elapsedMs: 3000, usage: { promptTokens: 812, completionTokens: 64 } });
    expect(footer(older, { 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 } })).toBe('Tokens: 812 in / 64 out');
  });
});
