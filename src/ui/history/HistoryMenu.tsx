import { useId, useState } from 'react';
import type { ConversationSummary } from '../../conversation';
import { HistoryList } from './HistoryList';

/** Props of {@link HistoryMenu}. */
export interface HistoryMenuProps {
  /** Reads the saved conversations, newest first (the conversation store's `list`). */
  readonly load: () => Promise<readonly ConversationSummary[]>;
  /** Opens one in the chat view. */
  readonly onOpen: (conversation: ConversationSummary) => void;
  readonly currentPath?: string;
}

type MenuState =
  | { readonly type: 'closed' }
  | { readonly type: 'loading' }
  | { readonly type: 'ready'; readonly conversations: readonly ConversationSummary[] }
  | { readonly type: 'failed'; readonly message: string };

/**
 * The chat toolbar's "History" button: opens a panel with the {@link HistoryList}, read fresh
 * from the vault each time it opens; choosing a conversation opens it and closes the panel.
 */
export function HistoryMenu(props: HistoryMenuProps) {
  const [state, setState] = useState<MenuState>({ type: 'closed' });
  const panelId = useId();
  const open = state.type !== 'closed';
  const toggle = () => {
    if (open) {
      setState({ type: 'closed' });
      return;
    }
    setState({ type: 'loading' });
    props.load().then(
      (conversations) => setState((current) => (current.type === 'loading' ? { type: 'ready', conversations } : current)),
      (error: unknown) => setState({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <div className="glassbox-history-menu">
      <button type="button" className="glassbox-history-button" aria-expanded={open} aria-controls={panelId} onClick={toggle} data-testid="history-button">
        History
      </button>
      <div id={panelId} className="glassbox-history-panel" hidden={!open} data-testid="history-panel">
        {state.type === 'loading' ? <p className="glassbox-history-loading">Reading saved conversations…</p> : null}
        {state.type === 'failed' ? <p className="glassbox-history-error">{`The history could not be read: ${state.message}`}</p> : null}
        {state.type === 'ready' ? (
          <HistoryList
            conversations={state.conversations}
            currentPath={props.currentPath}
            onOpen={(conversation) => {
              setState({ type: 'closed' });
              props.onOpen(conversation);
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
