/**
 * A note that is not a conversation at all (no role headers, no imported messages, no Glassbox
 * frontmatter). Returned as a value by `parseConversationNote`, never thrown.
 */
export class ConversationParseError extends Error {
  override readonly name = 'ConversationParseError';
  /** Why the note was not read as a conversation. */
  readonly reason: 'not_a_conversation';

  constructor(reason: 'not_a_conversation', message: string) {
    super(message);
    this.reason = reason;
  }
}
