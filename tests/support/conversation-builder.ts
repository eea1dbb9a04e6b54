import { CONVERSATION_TAG, type Conversation, type ConversationMessage } from '../../src/conversation';
import type { LlmMessage } from '../../src/llm/chat-types';

/** Start time of built conversations: 2026-11-22 10:15:00 UTC. */
export const BUILDER_START = Date.UTC(2026, 10, 22, 10, 15, 0);

/**
 * Builds conversations with sensible defaults: fixed id and times, one minute between messages,
 * ids `m1`, `m2`, … so tests read like the note they produce.
 */
export class ConversationBuilder {
  private readonly messages: ConversationMessage[] = [];
  private fields: Omit<Conversation, 'messages'> = {
    id: 'gb-test-1',
    title: 'What changed in the refund policy?',
    createdAt: BUILDER_START,
    updatedAt: BUILDER_START,
    model: 'test-model',
    extraFrontmatter: [{ key: 'tags', text: `tags:\n  - ${CONVERSATION_TAG}` }],
  };

  /** Overrides conversation fields. */
  with(fields: Partial<Omit<Conversation, 'messages'>>): this {
    this.fields = { ...this.fields, ...fields };
    return this;
  }

  /** Adds a user message. */
  user(content: string, extra: Partial<ConversationMessage> = {}): this {
    return this.add({ role: 'user', content, ...extra });
  }

  /** Adds an assistant message (content as the agent writes it: marker, blank line, answer). */
  assistant(content: string, extra: Partial<ConversationMessage> & { transcript?: readonly LlmMessage[] } = {}): this {
    return this.add({ role: 'assistant', content, ...extra });
  }

  private add(message: Omit<ConversationMessage, 'at'> & { at?: number | null }): this {
    const index = this.messages.length;
    const at = message.at === undefined ? BUILDER_START + index * 60_000 : message.at;
    this.messages.push({ id: `m${index + 1}`, ...message, at });
    const last = this.messages[this.messages.length - 1].at;
    if (last !== null && last > this.fields.updatedAt) this.fields = { ...this.fields, updatedAt: last };
    return this;
  }

  build(): Conversation {
    return { ...this.fields, messages: [...this.messages] };
  }
}
