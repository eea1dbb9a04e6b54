/**
 * Something in a note that could not be read as written. Parsing still returns every message it
 * could read; the chat view shows these as a notice and `glassbox inspect` prints them.
 */
export interface ConversationWarning {
  readonly code: ConversationWarningCode;
  /** One sentence for the user: what was wrong and what was done about it. */
  readonly message: string;
  /** 1-based line in the note, when one line is to blame. */
  readonly line?: number;
}

/** The kinds of {@link ConversationWarning}. */
export type ConversationWarningCode =
  | 'frontmatter_unclosed'
  | 'frontmatter_value'
  | 'missing_id'
  | 'message_metadata'
  | 'reasoning_unreadable';
