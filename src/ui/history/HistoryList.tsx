import { useId, useMemo, useState } from 'react';
import { filterConversations, formatHeaderTime, type ConversationSummary } from '../../conversation';
import { t, tCount } from '../../i18n';

/** Props of {@link HistoryList}. */
export interface HistoryListProps {
  /** Newest first, as `listConversations` returns them. */
  readonly conversations: readonly ConversationSummary[];
  /** Opens a conversation in the chat view. */
  readonly onOpen: (conversation: ConversationSummary, inNewTab: boolean) => void;
  /** The path of the conversation on screen, marked as current. */
  readonly currentPath?: string;
}

/**
 * The conversation history: a filter box over a list of saved conversations (title, date and
 * size), newest first; a click opens one. Every title is rendered as text, never as HTML.
 */
export function HistoryList(props: HistoryListProps) {
  const [filter, setFilter] = useState('');
  const inputId = useId();
  const shown = useMemo(() => filterConversations(props.conversations, filter), [props.conversations, filter]);
  return (
    <div className="glassbox-history" data-testid="history-list">
      <label className="glassbox-visually-hidden" htmlFor={inputId}>
        {t('history.filter')}
      </label>
      <input
        id={inputId}
        className="glassbox-history-filter"
        type="search"
        placeholder={t('history.filter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        data-testid="history-filter"
      />
      {shown.length === 0 ? (
        <p className="glassbox-history-empty" data-testid="history-empty">
          {props.conversations.length === 0 ? t('history.none') : t('history.noMatch')}
        </p>
      ) : (
        <ul className="glassbox-history-items">
          {shown.map((conversation) => (
            <HistoryItem key={conversation.path} conversation={conversation} current={conversation.path === props.currentPath} onOpen={props.onOpen} />
          ))}
        </ul>
      )}
    </div>
  );
}

interface HistoryItemProps {
  readonly conversation: ConversationSummary;
  readonly current: boolean;
  readonly onOpen: (conversation: ConversationSummary, inNewTab: boolean) => void;
}

function HistoryItem({ conversation, current, onOpen }: HistoryItemProps) {
  const when = formatHeaderTime(conversation.updatedAt, 'local') ?? '';
  const size = tCount('history.messages', conversation.messageCount);
  return (
    <li className="glassbox-history-item" data-current={current ? 'true' : 'false'}>
      <button type="button" className="glassbox-history-open" aria-current={current ? 'true' : undefined} title={conversation.path} onClick={(event) => onOpen(conversation, event.ctrlKey || event.metaKey)} data-testid="history-item">
        <span className="glassbox-history-title" data-testid="history-title">
          {conversation.title}
        </span>
        <span className="glassbox-history-meta">
          <time dateTime={new Date(conversation.updatedAt).toISOString()}>{when}</time>
          {` · ${size}`}
          {conversation.format === 'imported' ? ` · ${t('history.imported')}` : ''}
        </span>
      </button>
    </li>
  );
}
