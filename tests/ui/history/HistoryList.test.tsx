import { fireEvent, render, screen } from '@testing-library/react';
import type { ConversationSummary } from '../../../src/conversation';
import { HistoryList } from '../../../src/ui/history/HistoryList';

function summary(fields: Partial<ConversationSummary>): ConversationSummary {
  return { path: 'Glassbox/Conversations/x.md', id: 'x', title: 'x', createdAt: 0, updatedAt: 0, messageCount: 2, firstQuestion: '', format: 'glassbox', hasWarnings: false, ...fields };
}

const LIST = [
  summary({ path: 'a.md', id: 'a', title: 'Travel budget for Berlin', updatedAt: new Date(2026, 10, 22, 9, 30).getTime(), messageCount: 4 }),
  summary({ path: 'b.md', id: 'b', title: '<img src=x onerror="alert(1)">', firstQuestion: 'What is in the refund policy?', updatedAt: new Date(2026, 10, 20, 8, 5).getTime(), messageCount: 1 }),
  summary({ path: 'c.md', id: '', title: 'Old chat', updatedAt: new Date(2025, 11, 30, 3, 49).getTime(), format: 'imported' }),
];

describe('HistoryList', () => {
  it('shows every conversation in the given order with title, date and size', () => {
    render(<HistoryList conversations={LIST} onOpen={() => undefined} />);
    expect(screen.getAllByTestId('history-title').map((node) => node.textContent)).toEqual(['Travel budget for Berlin', '<img src=x onerror="alert(1)">', 'Old chat']);
    const items = screen.getAllByTestId('history-item').map((node) => node.textContent);
    expect(items[0]).toContain('2026-11-22 09:30 · 4 messages');
    expect(items[1]).toContain('1 message');
    expect(items[2]).toContain('imported');
    expect(document.querySelector('img')).toBeNull();
  });

  it('filters as the user types, by title or first question, and says when nothing matches', () => {
    render(<HistoryList conversations={LIST} onOpen={() => undefined} />);
    const input = screen.getByLabelText('Filter conversations');
    fireEvent.input(input, { target: { value: 'REFUND' } });
    expect(screen.getAllByTestId('history-title').map((node) => node.textContent)).toEqual(['<img src=x onerror="alert(1)">']);
    fireEvent.input(input, { target: { value: 'nothing like it' } });
    expect(screen.queryAllByTestId('history-item')).toHaveLength(0);
    expect(screen.getByTestId('history-empty').textContent).toBe('No conversation matches this filter.');
    fireEvent.input(input, { target: { value: '' } });
    expect(screen.getAllByTestId('history-item')).toHaveLength(3);
  });

  it('opens the clicked conversation and marks the current one', () => {
    const opened: string[] = [];
    render(<HistoryList conversations={LIST} currentPath="c.md" onOpen={(conversation) => opened.push(conversation.path)} />);
    fireEvent.click(screen.getAllByTestId('history-item')[1]);
    expect(opened).toEqual(['b.md']);
    expect(screen.getAllByTestId('history-item')[2].getAttribute('aria-current')).toBe('true');
  });

  it('says so when there is no saved conversation', () => {
    render(<HistoryList conversations={[]} onOpen={() => undefined} />);
    expect(screen.getByTestId('history-empty').textContent).toBe('No saved conversations yet.');
  });
});
