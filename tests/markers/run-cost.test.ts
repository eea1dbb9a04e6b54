import { formatCost, runCost, type ReasoningPayload } from '../../src/markers';

const T0 = 1_763_770_891_000;
const run = (turns: unknown[]): ReasoningPayload => ({ v: 1, status: 'complete', startedAt: T0, elapsedMs: 1000, steps: [], turns: turns as ReasoningPayload['turns'] });
const PRICES = { 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 }, 'qwen3:8b': { inputPerMillion: 0, outputPerMillion: 0 } };

describe('runCost', () => {
  it("prices each model turn's tokens at its model's price", () => {
    const cost = runCost(run([
      { at: T0, durationMs: 900, model: 'gpt-4o-mini', usage: { promptTokens: 10_000, completionTokens: 500 } },
      { at: T0 + 1000, durationMs: 800, model: 'gpt-4o-mini', usage: { promptTokens: 12_000, completionTokens: 1_000 } },
    ]), PRICES);
    // 22,000 × 0.15 / 1M + 1,500 × 0.6 / 1M
    expect(cost?.amount).toBeCloseTo(0.0033 + 0.0009, 10);
    expect(cost?.estimated).toBe(false);
  });

  it('is estimated when any turn was counted by Glassbox', () => {
    expect(runCost(run([{ at: T0, durationMs: 1, model: 'gpt-4o-mini', usage: { promptTokens: 1000, completionTokens: 10, estimated: true } }]), PRICES)?.estimated).toBe(true);
  });

  it('gives no cost rather than part of one: no prices, a model without a price, a turn without usage or model, no turns', () => {
    const priced = { at: T0, durationMs: 1, model: 'gpt-4o-mini', usage: { promptTokens: 1, completionTokens: 1 } };
    expect(runCost(run([priced]), {})).toBeUndefined();
    expect(runCost(run([priced, { ...priced, model: 'llama3' }]), PRICES)).toBeUndefined();
    expect(runCost(run([priced, { at: T0, durationMs: 1, model: 'gpt-4o-mini' }]), PRICES)).toBeUndefined();
    expect(runCost(run([{ at: T0, durationMs: 1, usage: { promptTokens: 1, completionTokens: 1 } }]), PRICES)).toBeUndefined();
    expect(runCost(run([]), PRICES)).toBeUndefined();
    expect(runCost({ ...run([]), turns: undefined }, PRICES)).toBeUndefined();
    // A model named like an object's own keys has no price either.
    expect(runCost(run([{ ...priced, model: 'constructor' }]), PRICES)).toBeUndefined();
  });

  it('a free local model costs $0.00', () => {
    const cost = runCost(run([{ at: T0, durationMs: 1, model: 'qwen3:8b', usage: { promptTokens: 5000, completionTokens: 300 } }]), PRICES);
    expect(cost === undefined ? '' : formatCost(cost)).toBe('$0.00');
  });
});

describe('formatCost', () => {
  it.each([
    [12.3456, false, '$12.35'],
    [0.0523, false, '$0.052'],
    [0.5, false, '$0.50'],
    [0.0031234, false, '$0.0031'],
    [0.0031234, true, '~$0.0031'],
    [0.00004, false, 'less than $0.0001'],
  ])('%p (estimated %p) reads %p', (amount, estimated, text) => {
    expect(formatCost({ amount, estimated })).toBe(text);
  });
});
