import { useChatSelector } from '../chat/useChatSelector';
import { useLazyMessages } from '../useLazyMessages';
import { MessageItem } from './MessageItem';

/**
 * The conversation, oldest first. It reads only the id list, which the store keeps identical
 * while an answer streams, so streaming does not re-render the list. A long reopened
 * conversation renders its newest messages first; older ones come on request.
 */
export function MessageList() {
  const ids = useChatSelector((state) => state.messageIds);
  const { visible, hiddenCount, showEarlier } = useLazyMessages(ids);
  if (ids.length === 0) {
    return (
      <div className="glassbox-empty" data-testid="chat-empty">
        Ask Glassbox a question about your notes.
      </div>
    );
  }
  return (
    <div className="glassbox-messages" role="log" aria-label="Conversation" data-testid="message-list">
      {hiddenCount > 0 ? (
        <button type="button" className="glassbox-show-earlier" data-testid="show-earlier" onClick={showEarlier}>
          {`Show earlier messages (${hiddenCount})`}
        </button>
      ) : null}
      {visible.map((id) => (
        <MessageItem key={id} id={id} />
      ))}
    </div>
  );
}
