import { userMessageOf } from '../agent';
import { t } from '../i18n';
import { type Conversation, titleFromQuestion } from '../conversation';
import { type ChatState, orderedMessages, savedMessageOf } from './chat-state';
import type { ChatStore } from './chat-store';

/** A conversation as saved: ids filled in, and the note it went to. */
export interface SavedConversation {
  readonly conversation: Conversation;
  readonly file: { readonly path: string };
}

/**
 * Where the chat saves its conversation, once per turn end (complete, stopped or error) and once
 * when a run pauses on a question; the conversation store implements it. It may resolve to the
 * conversation as saved, which the chat then keeps, and whose note it then names.
 */
export interface ConversationSaver {
  save(conversation: Conversation): Promise<SavedConversation | void>;
}

/**
 * Saving the chat: the conversation a state stands for, and one save per turn end or pause. A
 * failed save shows as the chat's error line and loses nothing on screen.
 */
export class ChatPersistence {
  constructor(
    private readonly store: ChatStore,
    private readonly now: () => number,
    private readonly saver?: ConversationSaver,
  ) {}

  /** The conversation as `state` stands, messages included. */
  conversationOf(state: ChatState): Conversation {
    // A run that pauses on a question is saved as it stands: its marker is composed here, once.
    const messages = orderedMessages(state).map(savedMessageOf);
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
    if (this.saver === undefined) return;
    const conversation = this.conversationOf(state);
    try {
      const saved = await this.saver.save(conversation);
      if (saved) {
        // Keep the note's identity (an adopted id, the frontmatter) for the next save of this chat.
        this.store.update((current) => (current.conversation.id === conversation.id
          ? { ...current, conversation: { ...saved.conversation, messages: [] }, notePath: saved.file.path }
          : current), 'soon');
      }
    } catch (thrown) {
      const message = t('error.notSaved', { detail: userMessageOf(thrown) });
      this.store.update((current) => ({ ...current, error: message, errorOpensSettings: false }), 'soon');
    }
  }
}
