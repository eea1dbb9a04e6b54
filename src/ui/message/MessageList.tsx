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
  // aria-busy while a run streams: screen readers read the finished answer once, not every chunk.
  const running = useChatSelector((state) => state.running);
  const { visible, hiddenCount, showEarlier } = useLazyMessages(ids);
  if (ids.length === 0) {
    return (
      <div className="glassbox-empty" data-testid="chat-empty">
        Ask Glassbox a question about your notes.
      </div>
    );
  }
  return (
    <div className="glassbox-messages" role="log" aria-label="Conversation" aria-busy={running} data-testid="message-list">
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
