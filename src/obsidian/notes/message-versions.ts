import { fingerprintMessage, type Conversation } from '../../conversation';

/**
 * Every version of each message a conversation's note has held since it was opened here, by
 * fingerprint, and the latest. Two chat tabs on one conversation share the store: the tab that
 * still holds an older version of a message the other tab changed (an answered question) must
 * not write that older version back. A version seen before is stale, not a change; only a
 * version never seen is the caller's change (DESIGN.md 12.6: a save merges against the note as
 * it is at write time).
 */
export class MessageVersions {
  private readonly byConversation = new Map<string, Map<string, { latest: string; seen: Set<string> }>>();

  /** Records the versions a note holds now: after opening it, or as a save left it. */
  record(conversationId: string, baseline: ReadonlyMap<string, string>): void {
    const messages = this.byConversation.get(conversationId) ?? new Map<string, { latest: string; seen: Set<string> }>();
    for (const [id, fingerprint] of baseline) {
      const known = messages.get(id);
      if (known === undefined) messages.set(id, { latest: fingerprint, seen: new Set([fingerprint]) });
      else {
        known.latest = fingerprint;
        known.seen.add(fingerprint);
      }
    }
    this.byConversation.set(conversationId, messages);
  }

  /**
   * The baseline to merge `conversation` with: a message in a version seen before counts as
   * unchanged (the note's version stands); a new version counts as changed against the latest.
   */
  baselineFor(conversation: Conversation): Map<string, string> {
    const messages = this.byConversation.get(conversation.id);
    const baseline = new Map<string, string>();
    if (messages === undefined) return baseline;
    for (const message of conversation.messages) {
      const known = message.id === undefined ? undefined : messages.get(message.id);
      if (known === undefined || message.id === undefined) continue;
      const fingerprint = fingerprintMessage(message);
      baseline.set(message.id, known.seen.has(fingerprint) ? fingerprint : known.latest);
    }
    return baseline;
  }
}
