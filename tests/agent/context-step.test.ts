import { contextStep } from '../../src/agent/context-step';
import type { AttachedContext } from '../../src/agent';

const attached: AttachedContext = {
  attachments: [{ kind: 'note', path: 'Meetings/Kickoff.md', chars: 400, text: 'x'.repeat(400), cut: false }],
  missingLinks: [],
  budgetTokens: 12_000,
};

describe('contextStep', () => {
  it('names the custom prompt first, with what each variable was filled with', () => {
    const step = contextStep('s1', { ...attached, prompt: { name: 'Action items', variables: [{ variable: '{#meeting}', filled: '1 note' }, { variable: '{date}', filled: '2026-11-26' }] } });
    expect(step.summary).toBe('Prompt "Action items"; Attached Kickoff (~100 tokens)');
    expect(step.detail?.split('\n')[0]).toBe('Prompt "Action items": {#meeting} → 1 note, {date} → 2026-11-26');
  });

  it('says which model and loop a prompt ran its question with', () => {
    const step = contextStep('s1', { ...attached, prompt: { name: 'Weigh', variables: [], model: 'qwen3:8b', loop: 'reason-act-observe' } });
    expect(step.summary).toBe('Prompt "Weigh" (model qwen3:8b, loop reason-act-observe); Attached Kickoff (~100 tokens)');
    expect(step.detail?.split('\n')[0]).toBe('Prompt "Weigh" (model qwen3:8b, loop reason-act-observe)');
  });

  it('says nothing of a prompt when the question came without one', () => {
    const step = contextStep('s1', attached);
    expect(step.summary).toBe('Attached Kickoff (~100 tokens)');
    expect(step.detail).not.toContain('Prompt');
  });
});
