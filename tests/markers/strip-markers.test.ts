import { composeAssistantContent, stripMarkers, type ReasoningPayload } from '../../src/markers';
import { legacyBanner } from './support/legacy-markers';

const payload: ReasoningPayload = { v: 1, status: 'complete', startedAt: 0, elapsedMs: 0, steps: [{ id: 'a', kind: 'thought', summary: '-->', at: 0 }] };

describe('stripMarkers', () => {
  it('leaves only the answer for history, copy and insert-at-cursor', () => {
    const content = composeAssistantContent(payload, `<think>private</think>\n\nI looked.${legacyBanner()} It is **May**.\n`);
    expect(stripMarkers(content)).toBe('I looked. It is **May**.');
  });

  it('keeps markers inside code blocks as the code they are', () => {
    const code = `\`\`\`\n${legacyBanner()}\n\`\`\``;
    expect(stripMarkers(composeAssistantContent(payload, code))).toBe(code);
  });

  it('keeps the indentation of the first text line (it can be Markdown)', () => {
    expect(stripMarkers(composeAssistantContent(payload, '\n    indented code\n'))).toBe('    indented code');
  });

  it('gives an empty string for a message that is only reasoning', () => {
    expect(stripMarkers(composeAssistantContent(payload, ''))).toBe('');
    expect(stripMarkers('<think>still thinking')).toBe('');
  });

  it('returns plain text unchanged', () => {
    expect(stripMarkers('Hello [[Note]]')).toBe('Hello [[Note]]');
  });
});
