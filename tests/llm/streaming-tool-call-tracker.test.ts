import { StreamingToolCallTracker, type ToolCallDeltaInput } from '../../src/llm/streaming-tool-call-tracker';

function track(...chunks: readonly (readonly ToolCallDeltaInput[])[]) {
  const tracker = new StreamingToolCallTracker();
  for (const chunk of chunks) tracker.process(chunk);
  return tracker.flush();
}

describe('StreamingToolCallTracker', () => {
  it('assembles argument fragments by index', () => {
    expect(
      track(
        [{ index: 0, id: 'call_1', type: 'function', function: { name: 'localSearch', arguments: '' } }],
        [{ index: 0, function: { arguments: '{"qu' } }],
        [{ index: 0, function: { arguments: 'ery":"refunds"}' } }],
      ),
    ).toEqual([{ index: 0, call: { id: 'call_1', name: 'localSearch', arguments: '{"query":"refunds"}' } }]);
  });

  it('takes a whole call from one chunk', () => {
    expect(track([{ function: { name: 'readNote', arguments: '{"path":"A.md"}' }, id: 'x', index: 0, type: 'function' }])).toEqual([
      { index: 0, call: { id: 'x', name: 'readNote', arguments: '{"path":"A.md"}' } },
    ]);
  });

  it('keeps parallel calls apart, interleaved', () => {
    const calls = track(
      [
        { index: 0, id: 'a', function: { name: 'one', arguments: '{"n":' } },
        { index: 1, id: 'b', function: { name: 'two', arguments: '{"m":' } },
      ],
      [{ index: 1, function: { arguments: '2}' } }],
      [{ index: 0, function: { arguments: '1}' } }],
    );
    expect(calls.map((tracked) => tracked.call)).toEqual([
      { id: 'a', name: 'one', arguments: '{"n":1}' },
      { id: 'b', name: 'two', arguments: '{"m":2}' },
    ]);
  });

  it('matches index-less calls by position (Moonshot)', () => {
    const calls = track(
      [
        { id: 'weather_0', type: 'function', function: { name: 'weather', arguments: '' } },
        { id: 'time_1', type: 'function', function: { name: 'time', arguments: '' } },
      ],
      [{ function: { arguments: '{"location":"San Francisco"}' } }, { function: { arguments: '{"zone":"UTC"}' } }],
    );
    expect(calls.map((tracked) => tracked.call)).toEqual([
      { id: 'weather_0', name: 'weather', arguments: '{"location":"San Francisco"}' },
      { id: 'time_1', name: 'time', arguments: '{"zone":"UTC"}' },
    ]);
  });

  it('does not reset a call on continuation deltas with empty id, empty name or a repeated type', () => {
    const calls = track(
      [{ index: 0, id: 'call_x', type: 'function', function: { name: 'weather', arguments: '' } }],
      [{ index: 0, id: '', type: 'function', function: { name: '', arguments: '{"location": "San Francisco' } }],
      [{ index: 0, id: '', type: 'function', function: { arguments: '"}' } }],
      [{ index: 0, id: 'call_x', type: 'function', function: { name: 'weather', arguments: '' } }],
    );
    expect(calls).toEqual([{ index: 0, call: { id: 'call_x', name: 'weather', arguments: '{"location": "San Francisco"}' } }]);
  });

  it('numbers calls from 0 when the provider starts at index 1', () => {
    const calls = track([{ index: 1, id: 'toolu', function: { name: 'read_file', arguments: '' } }], [{ index: 1, function: { arguments: '{"pa' } }], [{ index: 1, function: { arguments: 'th": "a.txt"}' } }]);
    expect(calls).toEqual([{ index: 0, call: { id: 'toolu', name: 'read_file', arguments: '{"path": "a.txt"}' } }]);
  });

  it('starts a new call when a different id arrives at the same index', () => {
    const calls = track([{ index: 0, id: 'first', function: { name: 'a', arguments: '{}' } }], [{ index: 0, id: 'second', function: { name: 'b', arguments: '{}' } }]);
    expect(calls.map((tracked) => [tracked.index, tracked.call.id, tracked.call.name])).toEqual([
      [0, 'first', 'a'],
      [1, 'second', 'b'],
    ]);
  });

  it('ignores empty tool_calls arrays', () => {
    const tracker = new StreamingToolCallTracker();
    tracker.process([]);
    expect(tracker.hasCalls).toBe(false);
    expect(tracker.flush()).toEqual([]);
  });

  it('emits unparseable arguments raw and empty arguments as {}', () => {
    const calls = track([{ index: 0, id: 'a', function: { name: 'broken', arguments: '{"query": "unterminated' } }], [{ index: 1, id: 'b', function: { name: 'noArgs', arguments: '' } }]);
    expect(calls.map((tracked) => tracked.call.arguments)).toEqual(['{"query": "unterminated', '{}']);
  });

  it('gives a call without id a generated one, and forgets everything after flush', () => {
    const tracker = new StreamingToolCallTracker();
    tracker.process([{ index: 0, function: { name: 'x', arguments: '{}' } }]);
    expect(tracker.flush()).toEqual([{ index: 0, call: { id: 'call_0', name: 'x', arguments: '{}' } }]);
    expect(tracker.flush()).toEqual([]);
  });
});
