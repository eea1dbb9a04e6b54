import { useChatSelector } from '../chat/useChatSelector';
import { MessageItem } from './MessageItem';

/**
 * The conversation, oldest first. It reads only the id list, which the store keeps identical
 * while an answer streams, so streaming does not re-render the list.
 */
export function MessageList() {
  const ids = useChatSelector((state) => state.messageIds);
  if (ids.length === 0) {
    return (
      <div className="glassbox-empty" data-testid="chat-empty">
        Ask Glassbox a question about your notes.
      </div>
    );
  }
  return (
    <div className="glassbox-messages" role="log" aria-label="Conversation" data-testid="message-list">
      {ids.map((id) => (
        <MessageItem key={id} id={id} />
      ))}
    </div>
  );
}
