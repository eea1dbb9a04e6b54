import { userMessageOf } from '../agent';
import { type Conversation, titleFromQuestion } from '../conversation';
import { type ChatState, orderedMessages } from './chat-state';
import type { ChatStore } from './chat-store';

/** Saves a conversation; may resolve to it as saved (ids filled in), which the chat then keeps. */
export type SaveConversation = (conversation: Conversation) => void | Promise<Conversation | void>;

/**
 * Saving the chat: the conversation a state stands for, and one save per turn end or pause. A
 * failed save shows as the chat's error line and loses nothing on screen.
 */
export class ChatPersistence {
  constructor(
    private readonly store: ChatStore,
    private readonly now: () => number,
    private readonly onSave?: SaveConversation,
  ) {}

  /** The conversation as `state` stands, messages included. */
  conversationOf(state: ChatState): Conversation {
    const messages = orderedMessages(state);
    const firstQuestion = messages.find((message) => message.role === 'user')?.content ?? '';
    return {
      ...state.conversation,
      title: state.conversation.title || (firstQuestion ? titleFromQuestion(firstQuestion) : ''),
      model: state.model,
      updatedAt: this.now(),
      messages,
    };
  }

  /** Saves `state` (default: the chat as it stands now). */
  async save(state: ChatState = this.store.current()): Promise<void> {
    if (this.onSave === undefined) return;
    const conversation = this.conversationOf(state);
    try {
      const saved = await this.onSave(conversation);
      if (saved) {
        // Keep the note's identity (an adopted id, the frontmatter) for the next save of this chat.
        this.store.update((current) => (current.conversation.id === conversation.id
          ? { ...current, conversation: { ...saved, messages: [] } }
          : current), 'soon');
      }
    } catch (thrown) {
      const message = `The conversation could not be saved: ${userMessageOf(thrown)}`;
      this.store.update((current) => ({ ...current, error: message, errorOpensSettings: false }), 'soon');
    }
  }
}
