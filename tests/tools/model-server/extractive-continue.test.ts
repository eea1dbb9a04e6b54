import { CONTINUE_QUESTION } from '../../../src/conversation';
import type { LlmMessage } from '../../../src/llm';
import { askDemoVault } from './support/ask-demo-vault';
import { useDemoVaultServer } from './support/demo-vault-server';

// "Continue" after a stop (docs/decisions/continue-run.md): the plugin sends the stopped turn's
// transcript and "Continue where you left off."; the extractive model goes on from there.
const world = useDemoVaultServer();
const QUESTION = 'How much is on-call pay?';

/** The history the chat sends for a turn that was stopped: the question, then the transcript up to the stop. */
function stoppedHistory(transcript: readonly LlmMessage[], keep: (message: LlmMessage) => LlmMessage | undefined): LlmMessage[] {
  return [{ role: 'user', content: QUESTION }, ...transcript.filter((message) => message.role !== 'user').flatMap((message) => keep(message) ?? [])];
}

describe('the extractive policy continuing a stopped run', () => {
  it('finishes a stopped answer without repeating it or searching again', async () => {
    const whole = await askDemoVault(world, QUESTION);
    const answer = whole.result.answer;
    const cut = answer.indexOf('per on-call week') + 'per on-ca'.length;
    const history = stoppedHistory(whole.result.transcript, (message) => (message.role === 'assistant' && !message.toolCalls?.length ? { ...message, content: answer.slice(0, cut) } : message));

    const continued = await askDemoVault(world, CONTINUE_QUESTION, { history });
    expect(continued.tools).toEqual([]);
    // The quote the stop cut, whole, and what followed it.
    expect(continued.result.answer).toBe(answer.slice(answer.lastIndexOf('\n', cut) + 1));
    expect(continued.result.answer).toMatch(/^- \[\[On-call rotation\]\]: "€300 per on-call week/);
    expect(continued.result.answer).not.toContain('Here is what your notes say');
  });

  it('goes on with the steps a run stopped before: reads what its search found, then answers', async () => {
    const whole = await askDemoVault(world, QUESTION);
    // Stopped after the search: only the first model turn and its tool results are in the transcript.
    const firstReply = whole.result.transcript.findIndex((message) => message.role === 'assistant');
    const stoppedAt = whole.result.transcript.findIndex((message, index) => index > firstReply && message.role === 'assistant');
    const history = stoppedHistory(whole.result.transcript.slice(0, stoppedAt), (message) => message);

    const continued = await askDemoVault(world, CONTINUE_QUESTION, { history });
    expect(continued.tools).toEqual(['readNote', 'readNote']);
    expect(continued.result.answer).toBe(whole.result.answer);
  });
});
