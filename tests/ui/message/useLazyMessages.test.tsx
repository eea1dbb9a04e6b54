import { fireEvent, render, screen } from '@testing-library/react';
import { useLazyMessages } from '../../../src/ui/message/useLazyMessages';

function List({ ids, conversation }: { readonly ids: readonly string[]; readonly conversation?: string }) {
  const { visible, hiddenCount, showEarlier } = useLazyMessages(ids, { initial: 3, step: 2, ...(conversation !== undefined ? { conversation } : {}) });
  return (
    <div>
      {hiddenCount > 0 ? (
        <button type="button" onClick={showEarlier}>
          Show earlier messages ({hiddenCount})
        </button>
      ) : null}
      {visible.map((id) => (
        <p key={id} data-testid="item">
          {id}
        </p>
      ))}
    </div>
  );
}

const shown = () => screen.getAllByTestId('item').map((node) => node.textContent);
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);

describe('useLazyMessages', () => {
  it('renders only the newest messages of a long conversation, then earlier ones on request', () => {
    render(<List ids={ids('m', 8)} />);
    expect(shown()).toEqual(['m6', 'm7', 'm8']);
    fireEvent.click(screen.getByText('Show earlier messages (5)'));
    expect(shown()).toEqual(['m4', 'm5', 'm6', 'm7', 'm8']);
    fireEvent.click(screen.getByText('Show earlier messages (3)'));
    fireEvent.click(screen.getByText('Show earlier messages (1)'));
    expect(shown()).toEqual(ids('m', 8));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('always renders new turns appended after opening', () => {
    const { rerender } = render(<List ids={ids('m', 8)} />);
    rerender(<List ids={ids('m', 10)} />);
    expect(shown()).toEqual(['m6', 'm7', 'm8', 'm9', 'm10']);
  });

  it('starts over when another conversation is opened', () => {
    const { rerender } = render(<List ids={ids('m', 8)} />);
    fireEvent.click(screen.getByText('Show earlier messages (5)'));
    rerender(<List ids={ids('x', 6)} />);
    expect(shown()).toEqual(['x4', 'x5', 'x6']);
  });

  it('starts over for another conversation whose messages are numbered the same (notes without message ids)', () => {
    const { rerender } = render(<List ids={ids('m', 8)} conversation="gb-a" />);
    rerender(<List ids={ids('m', 5)} conversation="gb-b" />);
    expect(shown()).toEqual(['m3', 'm4', 'm5']);
    expect(screen.getByText('Show earlier messages (2)')).toBeTruthy();
  });

  it('renders a short conversation whole', () => {
    render(<List ids={ids('m', 2)} />);
    expect(shown()).toEqual(['m1', 'm2']);
  });
});
