import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ConversationSummary } from '../../../src/conversation';
import { HistoryMenu } from '../../../src/ui/history/HistoryMenu';

const SUMMARY: ConversationSummary = { path: 'Glassbox/Conversations/Refunds.md', id: 'a', title: 'Refund policy', createdAt: 0, updatedAt: 0, messageCount: 2, firstQuestion: 'What changed?', format: 'glassbox', hasWarnings: false };

describe('HistoryMenu', () => {
  it('reads the history when opened, and opens the chosen conversation', async () => {
    let loads = 0;
    const opened: string[] = [];
    render(<HistoryMenu load={() => { loads += 1; return Promise.resolve([SUMMARY]); }} onOpen={(summary) => opened.push(summary.path)} />);
    const button = screen.getByTestId('history-button');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('history-panel').hidden).toBe(true);
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
    expect(loads).toBe(1);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByText('Refund policy'));
    expect(opened).toEqual(['Glassbox/Conversations/Refunds.md']);
    expect(screen.getByTestId('history-panel').hidden).toBe(true);
  });

  it('says when the history cannot be read', async () => {
    render(<HistoryMenu load={() => Promise.reject(new Error('disk gone'))} onOpen={() => undefined} />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('history-button'));
      await Promise.resolve();
    });
    expect(screen.getByTestId('history-panel').textContent).toBe('The history could not be read: disk gone');
  });
});
