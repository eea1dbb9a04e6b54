import { describeRunDuration } from '../../src/markers';

describe('describeRunDuration', () => {
  it.each([
    ['reasoning', 3200, 'Reasoning · 3s'],
    ['reasoning', 200, 'Reasoning'],
    ['awaiting_input', 9000, 'Waiting for your answer'],
    ['collapsed', 12_000, 'Thought for 12s'],
    ['complete', 400, 'Thought for less than a second'],
    ['max_iterations', 65_000, 'Reached the step limit after 1m 5s'],
    ['stopped', 14_000, 'Stopped after 14s'],
    ['error', 3000, 'Failed after 3s'],
    ['budget', 3000, 'Stopped at a spending limit after 3s'],
    ['complete', undefined, 'Thought'],
  ] as const)('%s after %s ms reads "%s"', (status, elapsedMs, expected) => {
    expect(describeRunDuration(status, elapsedMs)).toBe(expected);
  });
});
