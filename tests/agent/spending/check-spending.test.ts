import { checkSpending, runSpent } from '../../../src/agent/spending/check-spending';

// Issue 40: the rule itself, without a server. A call may go while spent + its input stays
// within the limit; the first limit crossed (tokens, cost, day) is the one named.

const PRICE = { inputPerMillion: 10, outputPerMillion: 30 };
const spent = (tokens: number, cost: number | undefined, estimated = false) => ({ tokens, cost, estimated });

describe('checkSpending', () => {
  it.each([
    [900, 100, null],
    [900, 101, 'run_tokens'],
  ] as const)('spent %i, next %i of 1,000 tokens: %s', (already, next, stop) => {
    expect(checkSpending({ limits: { runTokens: 1000 }, spent: spent(already, undefined), nextTokens: next })?.kind ?? null).toBe(stop);
  });

  it('names the token limit before the cost limit, and the run before the day', () => {
    const limits = { runTokens: 10, runCost: 0.0001, price: PRICE, day: { budget: 0.0001, spent: () => ({ amount: 0, estimated: false }) } };
    expect(checkSpending({ limits, spent: spent(0, 0), nextTokens: 1000 })?.kind).toBe('run_tokens');
    expect(checkSpending({ limits: { ...limits, runTokens: undefined }, spent: spent(0, 0), nextTokens: 1000 })?.kind).toBe('run_cost');
    expect(checkSpending({ limits: { ...limits, runTokens: undefined, runCost: undefined }, spent: spent(0, 0), nextTokens: 1000 })).toMatchObject({ kind: 'day_budget', limit: 0.0001, spent: 0, next: 0.01 });
  });

  it("marks the day's spend estimated when an earlier run of the day was", () => {
    const limits = { price: PRICE, day: { budget: 1, spent: () => ({ amount: 0.999, estimated: true }) } };
    expect(checkSpending({ limits, spent: spent(0, 0), nextTokens: 1000 })).toMatchObject({ kind: 'day_budget', spentEstimated: true });
  });

  it('sums the turns: exact counts as reported, any estimate marks the whole', () => {
    const turns = [{ at: 1, durationMs: 1, usage: { promptTokens: 1000, completionTokens: 100 } }, { at: 2, durationMs: 1 }, { at: 3, durationMs: 1, usage: { promptTokens: 500, completionTokens: 10, estimated: true as const } }];
    expect(runSpent(turns.slice(0, 2), PRICE)).toEqual({ tokens: 1100, cost: 0.013, estimated: false });
    expect(runSpent(turns, undefined)).toEqual({ tokens: 1610, cost: undefined, estimated: true });
  });
});
