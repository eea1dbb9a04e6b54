import { useEffect, useId, useState } from 'react';
import type { ConversationSummary } from '../../conversation';
import { HistoryList } from '../history/HistoryList';
import { t } from '../../i18n';

/** Props of {@link HistoryToggle}. */
export interface HistoryToggleProps {
  /** Lists the saved conversations, newest first (the conversation store). */
  readonly load: () => Promise<readonly ConversationSummary[]>;
  /** Opens one in the chat: in this tab, or with Mod held (`inNewTab`) in a new one. */
  readonly onOpen: (conversation: ConversationSummary, inNewTab: boolean) => void;
  readonly currentPath?: string;
}

/**
 * The toolbar's "History" button and the saved-conversation list it opens. The list is read
 * each time it opens, so notes saved meanwhile show up.
 */
export function HistoryToggle(props: HistoryToggleProps) {
  const [open, setOpen] = useState(false);
  const [conversations, setConversations] = useState<readonly ConversationSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const panelId = useId();
  const { load } = props;

  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    setConversations(null);
    setFailed(false);
    load().then(
      (list) => current && setConversations(list),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [open, load]);

  return (
    <>
      <button type="button" aria-expanded={open} aria-controls={panelId} data-testid="history-toggle" onClick={() => setOpen((value) => !value)}>
        {t('chat.history')}
      </button>
      <div id={panelId} className="glassbox-history-panel" hidden={!open}>
        {!open ? null : failed ? (
          <p className="glassbox-error-line">{t('chat.historyFailed')}</p>
        ) : conversations === null ? (
          <p className="glassbox-history-loading">{t('chat.loading')}</p>
        ) : (
          <HistoryList
            conversations={conversations}
            currentPath={props.currentPath}
            onOpen={(conversation, inNewTab) => {
              setOpen(false);
              props.onOpen(conversation, inNewTab);
            }}
          />
        )}
      </div>
    </>
  );
}
