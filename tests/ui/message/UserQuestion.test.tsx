import { act, fireEvent, screen } from '@testing-library/react/pure';
import { cleanupChat, mountChat } from '../../support/chat-harness';
import { T0 } from '../../support/ui-payloads';

afterEach(cleanupChat);

async function send(text: string) {
  fireEvent.input(screen.getByTestId('composer-input'), { target: { value: text } });
  await act(async () => {
    fireEvent.keyDown(screen.getByTestId('composer-input'), { key: 'Enter' });
  });
}

async function answer(chat: ReturnType<typeof mountChat>, index: number, text: string) {
  const run = chat.scripted.runs[index];
  run.emit({ type: 'run_start', runId: 'r1', at: T0, model: 'test-model', question: 'q' });
  run.emit({ type: 'answer_start', runId: 'r1', at: T0 + 10 });
  run.emit({ type: 'text_delta', runId: 'r1', at: T0 + 20, text });
  await run.end('complete');
}

const userTexts = () => screen.getAllByTestId('message-user').map((el) => el.querySelector('.glassbox-user-text')?.textContent);

describe('editing the last question', () => {
  it('offers Edit on the last question only, once its run is over', async () => {
    const chat = mountChat({ now: () => T0 });
    await send('First question');
    expect(screen.queryByTestId('edit-question')).toBeNull();
    await answer(chat, 0, 'First answer.');
    await send('Second question');
    await answer(chat, 1, 'Second answer.');
    const users = screen.getAllByTestId('message-user');
    expect(users[0].querySelector('[data-testid="edit-question"]')).toBeNull();
    expect(users[1].querySelector('[data-testid="edit-question"]')).not.toBeNull();
  });

  it('sends the edited question again in place of the last turn, with the earlier turns as history', async () => {
    let clock = T0;
    const chat = mountChat({ now: () => (clock += 10) });
    await send('First question');
    await answer(chat, 0, 'First answer.');
    await send('Refunds in Fracne?');
    await answer(chat, 1, 'Nothing found.');

    fireEvent.click(screen.getByTestId('edit-question'));
    const input = screen.getByTestId<HTMLTextAreaElement>('edit-question-input');
    expect(input.value).toBe('Refunds in Fracne?');
    expect(document.activeElement).toBe(input);
    fireEvent.input(input, { target: { value: 'Refunds in France?' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('edit-question-send'));
    });

    const rerun = chat.scripted.runs[2];
    expect(rerun.options.question).toBe('Refunds in France?');
    expect(rerun.options.history.map((message) => [message.role, message.content])).toEqual([
      ['user', 'First question'],
      ['assistant', 'First answer.'],
    ]);
    await answer(chat, 2, 'Refunds take 14 days.');
    expect(userTexts()).toEqual(['First question', 'Refunds in France?']);
    expect(screen.getAllByTestId('message-assistant')).toHaveLength(2);
    expect(chat.controller.conversation().messages.map((message) => message.content)).not.toContain('Refunds in Fracne?');
  });

  it('sends the edited question with what the original question attached', async () => {
    const chat = mountChat({ now: () => T0 });
    const context = { notes: ['Projects/Alpha.md'], scope: { folders: ['Projects'] } };
    await act(async () => {
      void chat.controller.send('Status of Alhpa?', context);
      await Promise.resolve();
    });
    await answer(chat, 0, 'Not sure.');
    fireEvent.click(screen.getByTestId('edit-question'));
    fireEvent.input(screen.getByTestId('edit-question-input'), { target: { value: 'Status of Alpha?' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('edit-question-send'));
    });
    expect(chat.prepared.map((request) => request.context)).toEqual([context, context]);
  });

  it('Escape leaves the question as it was', async () => {
    const chat = mountChat({ now: () => T0 });
    await send('Keep me');
    await answer(chat, 0, 'Answer.');
    fireEvent.click(screen.getByTestId('edit-question'));
    fireEvent.input(screen.getByTestId('edit-question-input'), { target: { value: 'Changed' } });
    fireEvent.keyDown(screen.getByTestId('edit-question-input'), { key: 'Escape' });
    expect(screen.queryByTestId('edit-question-input')).toBeNull();
    expect(userTexts()).toEqual(['Keep me']);
    expect(chat.scripted.runs).toHaveLength(1);
  });
});
