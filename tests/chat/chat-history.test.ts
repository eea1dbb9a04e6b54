import { composeAssistantContent } from '../../src/markers';
import { toHistory } from '../../src/chat';
import { userMessageOf } from '../../src/agent';
import { payload, thoughtStep } from '../support/ui-payloads';

describe('toHistory (DESIGN.md 3.3: markers never go back to the model)', () => {
  it('keeps user text and visible answers, strips markers and drops empty answers', () => {
    const content = `${composeAssistantContent(payload({ status: 'complete', steps: [thoughtStep('s1', 'secret plan')] }), 'The answer.')}\n\n<think>hidden</think>`;
    expect(toHistory([
      { id: 'u1', role: 'user', at: 1, content: 'Question <!--REASONING_BLOCK:{}-->' },
      { id: 'a1', role: 'assistant', at: 2, content },
      { id: 'u2', role: 'user', at: 3, content: 'Again' },
      { id: 'a2', role: 'assistant', at: 4, content: composeAssistantContent(payload({ status: 'stopped' }), '') },
    ])).toEqual([
      { role: 'user', content: 'Question <!--REASONING_BLOCK:{}-->' },
      { role: 'assistant', content: 'The answer.' },
      { role: 'user', content: 'Again' },
    ]);
  });
});

describe('userMessageOf', () => {
  it.each([
    [Object.assign(new Error('raw'), { userMessage: 'The server rejected the API key.' }), 'The server rejected the API key.'],
    [new Error('Plain message'), 'Plain message'],
    ['a string', 'Something went wrong.'],
    [null, 'Something went wrong.'],
  ])('%p → %s', (thrown, expected) => {
    expect(userMessageOf(thrown)).toBe(expected);
  });
});
