import { answerAlternates, parseConversationNote, readNoteFrontmatter, type ConversationMessage } from '../conversation';
import { citationsOf, noteWritesOf, parseAssistantContent } from '../markers';

/** The sentence for a file that is no conversation note. */
export function notConversationNote(file: string): string {
  return `"${file}" is not a conversation note: it has no "🧑 You" or "🤖 Glassbox" headers and no "**user**:" lines.`;
}

/** What `inspect NOTE.md` prints for a note's text (also `export --json`); null when it is not a conversation note. */
export function inspectNoteText(text: string): Record<string, unknown> | null {
  const parsed = parseConversationNote(text);
  if (!parsed.ok) return null;
  return {
    frontmatter: readNoteFrontmatter(text),
    format: parsed.format,
    warnings: parsed.warnings.map((warning) => warning.message),
    messages: withAlternates(parsed.value.messages),
  };
}

/**
 * Each message's object; an answer regenerated (or regenerated from) also says which answer it is
 * an alternate of and whether the chat shows it (`alternateOf`, `shown`), so none is lost or mistaken for the turn's answer.
 */
function withAlternates(messages: readonly ConversationMessage[]): Record<string, unknown>[] {
  const sets = [...answerAlternates(messages).values()];
  return messages.map((message) => {
    const inspected = inspectMessage(message);
    const set = sets.find((candidate) => candidate.answers.includes(message));
    if (set === undefined) return inspected;
    return { ...inspected, ...(message.alternateOf !== undefined ? { alternateOf: message.alternateOf } : {}), shown: set.shown === message };
  });
}

/** The per-message object of DESIGN.md 8 (the same fields `inspect --message` prints), plus role and time. */
export function inspectMessage(message: ConversationMessage): Record<string, unknown> {
  if (message.role === 'user') {
    // What the question attached (notes, selection, links, scope), when it attached anything.
    const attachments = message.attachments !== undefined ? { attachments: message.attachments } : {};
    return { role: 'user', at: message.at, text: message.content, ...attachments, reasoning: null, reasoningError: false, legacyToolCalls: [], thinks: [], noteWrites: [] };
  }
  return { role: 'assistant', at: message.at, ...inspectedContent(message.content) };
}

/** THE per-message object of DESIGN.md 8 for an assistant message's content (`inspect --message`, and each answer of `inspect NOTE`). */
export function inspectedContent(content: string): Record<string, unknown> {
  const parsed = parseAssistantContent(content);
  return {
    text: parsed.text,
    reasoning: parsed.reasoning,
    reasoningError: parsed.reasoningError,
    legacyToolCalls: parsed.legacyToolCalls,
    thinks: parsed.thinks,
    // The agent's note writes: path, status (ok / declined / error) and +N −M (DESIGN.md 11.2).
    noteWrites: noteWritesOf(parsed.reasoning),
    // The answer's citations as the run checked them (DESIGN.md 13.3); [] for an older note.
    citations: citationsOf(parsed.reasoning),
  };
}
