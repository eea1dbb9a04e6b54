import type { AgentToolContext } from '../../../src/agent/agent-tool';
import { parseTimeRange } from '../../../src/search';
import { timeRangeTool } from '../../../src/search/tools/time-range-tool';

// Wednesday 2024-05-15 15:30 local time.
const NOW = new Date(2024, 4, 15, 15, 30).getTime();
const local = (...parts: [number, number, number, number?, number?]): number => new Date(parts[0], parts[1], parts[2], parts[3] ?? 0, parts[4] ?? 0).getTime();
const context = (signal = new AbortController().signal): AgentToolContext => ({ signal, now: () => NOW });

describe('parseTimeRange', () => {
  it.each([
    ['today', local(2024, 4, 15), local(2024, 4, 16) - 1],
    ['yesterday', local(2024, 4, 14), local(2024, 4, 15) - 1],
    ['this week', local(2024, 4, 13), local(2024, 4, 20) - 1],
    ['last week', local(2024, 4, 6), local(2024, 4, 13) - 1],
    ['this month', local(2024, 4, 1), local(2024, 5, 1) - 1],
    ['last month', local(2024, 3, 1), local(2024, 4, 1) - 1],
    ['last year', local(2023, 0, 1), local(2024, 0, 1) - 1],
    ['past 3 days', local(2024, 4, 12, 15, 30), NOW],
    ['last two weeks', local(2024, 4, 1, 15, 30), NOW],
    ['3 days ago', local(2024, 4, 12), local(2024, 4, 13) - 1],
    ['2024-05', local(2024, 4, 1), local(2024, 5, 1) - 1],
    ['2023', local(2023, 0, 1), local(2024, 0, 1) - 1],
    ['2024-02-29', local(2024, 1, 29), local(2024, 2, 1) - 1],
    ['2024-05-01 to 2024-05-03', local(2024, 4, 1), local(2024, 4, 4) - 1],
    ['2024-04..2024-05', local(2024, 3, 1), local(2024, 5, 1) - 1],
    ['since 2024-05-10', local(2024, 4, 10), NOW],
  ])('%s', (expression, start, end) => {
    expect(parseTimeRange(expression, NOW)).toEqual({ start, end });
  });

  it('reads ISO timestamps and refuses nonsense', () => {
    expect(parseTimeRange('2024-05-03T10:00:00Z', NOW)).toEqual({ start: Date.UTC(2024, 4, 3, 10), end: Date.UTC(2024, 4, 3, 10) });
    expect(parseTimeRange('when the moon is blue', NOW)).toBeNull();
    expect(parseTimeRange('2024-13', NOW)).toBeNull();
  });
});

describe('getTimeRange tool', () => {
  it('answers with the range as JSON the model can pass on, relative to the run clock', async () => {
    const result = await timeRangeTool.execute({ expression: 'yesterday' }, context());
    const [json, explanation] = result.output.split('\n');
    expect(JSON.parse(json)).toEqual({ start: local(2024, 4, 14), end: local(2024, 4, 15) - 1 });
    expect(explanation).toBe('"yesterday" is 2024-05-14 00:00 to 2024-05-14 23:59 (local time). Pass it as timeRange to localSearch.');
    expect(timeRangeTool.describeStart({ expression: 'yesterday' })).toBe('Working out "yesterday"');
    expect(timeRangeTool.describeEnd!({ expression: 'yesterday' }, result)).toBe('yesterday: 2024-05-14 00:00 – 2024-05-14 23:59');
  });

  it('explains what it understands when it cannot read the expression', async () => {
    const result = await timeRangeTool.execute({ expression: 'soonish' }, context());
    expect(result.output).toMatch(/^Could not read "soonish" as a time\. Try "yesterday"/);
    expect(timeRangeTool.describeEnd!({ expression: 'soonish' }, result)).toBe('Could not read "soonish" as a time');
  });

  it('rejects with an AbortError when the run is stopped', async () => {
    await expect(timeRangeTool.execute({ expression: 'today' }, context(AbortSignal.abort()))).rejects.toMatchObject({ name: 'AbortError' });
  });
});
