import { act, fireEvent, screen, within } from '@testing-library/react/pure';
import type { AgentRunEndStatus } from '../../../src/agent/events';
import { CONTINUE_QUESTION } from '../../../src/conversation';
import { cleanupChat, mountChat } from '../../support/chat-harness';
import { T0 } from '../../support/ui-payloads';

afterEach(async () => {
  await cleanupChat();
});

async function send(text: string) {
  fireEvent.input(screen.getByTestId('composer-input'), { target: { value: text } });
  await act(async () => {
    fireEvent.keyDown(screen.getByTestId('composer-input'), { key: 'Enter' });
  });
}

const continueButtons = () => screen.queryAllByRole('button', { name: 'Continue' });
const assistants = () => screen.getAllByTestId('message-assistant');

/** One question whose run ends with `status`. */
async function turn(chat: ReturnType<typeof mountChat>, status: AgentRunEndStatus) {
  await send('How long do refunds take?');
  const run = chat.scripted.runs.at(-1)!;
  run.emit({ type: 'run_start', runId: 'r1', at: T0, model: 'test-model', question: 'q' });
  run.emit({ type: 'answer_start', runId: 'r1', at: T0 });
  run.emit({ type: 'text_delta', runId: 'r1', at: T0, text: 'Refunds are paid' });
  chat.frames.flush();
  // While it runs there is nothing to continue.
  expect(continueButtons()).toHaveLength(0);
  await run.end(status, status === 'error' ? 'The server did not answer.' : undefined);
}

describe('the Continue button', () => {
  it.each<AgentRunEndStatus>(['stopped', 'max_iterations'])('shows under the answer of a run that ended %s, and continues it as a new turn', async (status) => {
    const chat = mountChat();
    await turn(chat, status);
    const button = within(assistants().at(-1)!).getByRole('button', { name: 'Continue' });
    expect(continueButtons()).toHaveLength(1);
    button.focus();
    expect(document.activeElement).toBe(button);

    await act(async () => {
      fireEvent.click(button);
    });
    expect(chat.scripted.runs).toHaveLength(2);
    expect(chat.scripted.runs[1].options.question).toBe(CONTINUE_QUESTION);
    expect(screen.getAllByTestId('message-user').at(-1)!.textContent).toBe(CONTINUE_QUESTION);
    // The continued run is running: no button anywhere, the stopped answer's included.
    expect(continueButtons()).toHaveLength(0);
    await chat.scripted.runs[1].end('complete');
    expect(continueButtons()).toHaveLength(0);
  });

  it.each<AgentRunEndStatus>(['complete', 'error'])('does not show after a run that ended %s', async (status) => {
    const chat = mountChat();
    await turn(chat, status);
    expect(assistants()).toHaveLength(1);
    expect(continueButtons()).toHaveLength(0);
  });

  it('shows only on the last answer: a new question takes it away from a stopped one', async () => {
    const chat = mountChat();
    await turn(chat, 'stopped');
    expect(continueButtons()).toHaveLength(1);
    await turn(chat, 'complete');
    expect(continueButtons()).toHaveLength(0);
  });
});
