import { BodyBuilder } from '../../src/markers/body-builder';

const think = { type: 'think', think: { text: 't', closed: true } } as const;

describe('BodyBuilder', () => {
  it('merges adjacent text and keeps segments in order', () => {
    const body = new BodyBuilder();
    body.literal('a');
    body.removed();
    body.literal('b');
    body.segment(think);
    body.removed();
    body.literal('c');
    expect(body.build()).toEqual({
      segments: [{ type: 'markdown', text: 'ab' }, think, { type: 'markdown', text: 'c' }],
      text: 'abc',
      legacyToolCalls: [],
      thinks: [{ text: 't', closed: true }],
    });
  });

  it.each([
    ['<!--TOOL_CALL_', 'START:x', 'START:x'],
    ['ok <!--TOOL_CALL_E', 'ND:x', 'ok ND:x'],
    ['<!--TOOL_CALL_<!--TOOL_CALL_', 'START:', 'START:'],
  ])('drops debris %j when a removal would join it with %j into an opening', (before, after, text) => {
    const body = new BodyBuilder();
    body.literal(before);
    body.removed();
    body.literal(after);
    expect(body.build().text).toBe(text);
  });

  it('leaves text alone when nothing was removed between the pieces', () => {
    const body = new BodyBuilder();
    body.literal('<!--TOOL_CALL_');
    body.literal('START:');
    expect(body.build().text).toBe('<!--TOOL_CALL_START:');
  });
});
