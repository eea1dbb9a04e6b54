import { type ChatState, shownMessageIds } from '../../chat';
import { useChatSelector } from '../chat/useChatSelector';
import { useLazyMessages } from './useLazyMessages';
import { JumpToLatest } from './JumpToLatest';
import { MessageItem } from './MessageItem';
import { useFollowLatest } from './useFollowLatest';
import { t } from '../../i18n';

/**
 * The conversation, oldest first. It reads only the shown ids, which the store keeps identical
 * while an answer streams, so streaming does not re-render the list. A long reopened
 * conversation renders its newest messages first; older ones come on request. The list keeps
 * its end in view while the user is there (`useFollowLatest`).
 */
export function MessageList() {
  // Of a regenerated answer's alternates only the shown one (its switcher shows the others).
  const ids = useChatSelector(shownMessageIds);
  // aria-busy while a run streams: screen readers read the finished answer once, not every chunk.
  const running = useChatSelector((state) => state.running);
  const conversationId = useChatSelector((state) => state.conversation.id);
  const { visible, hiddenCount, showEarlier } = useLazyMessages(ids, { conversation: conversationId });
  const conversationKey = `${conversationId}\n${ids[0] ?? ''}`;
  const { listRef, following, jumpToLatest } = useFollowLatest(conversationKey, useChatSelector(lastQuestionId));
  if (ids.length === 0) {
    return (
      <div className="glassbox-empty" data-testid="chat-empty">
        {t('chat.empty')}
      </div>
    );
  }
  return (
    <div className="glassbox-messages-frame">
      {/* While it follows its end the list scrolls itself there: the browser's scroll anchoring (a search for an anchor on every scroll and size change) would only be undone. */}
      <div ref={listRef} className={following ? 'glassbox-messages glassbox-messages-following' : 'glassbox-messages'} role="log" aria-label={t('chat.conversation')} aria-busy={running} tabIndex={0} data-testid="message-list">
        {hiddenCount > 0 ? (
          <button type="button" className="glassbox-show-earlier" data-testid="show-earlier" onClick={showEarlier}>
            {t('chat.showEarlier', { count: hiddenCount })}
          </button>
        ) : null}
        {visible.map((id) => (
          <MessageItem key={id} id={id} />
        ))}
      </div>
      {following ? null : <JumpToLatest onJump={jumpToLatest} />}
    </div>
  );
}

/** The newest question's id: it changes when the user sends one. */
function lastQuestionId(state: ChatState): string | null {
  for (let index = state.messageIds.length - 1; index >= 0; index -= 1) {
    const id = state.messageIds[index];
    if (state.messages[id]?.role === 'user') return id;
  }
  return null;
}
