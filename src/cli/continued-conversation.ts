import { readFile } from 'node:fs/promises';
import { CONTINUE_QUESTION, CONVERSATION_TAG, createConversationId, isResumableTurn, parseConversationNote, shownMessages, withMessageIds, type Conversation } from '../conversation';
import { CliUsageError } from './cli-io';
import { findVaultNote } from './find-vault-note';

/** A saved conversation that `glassbox ask --continue NOTE` appends a turn to. */
export interface ContinuedConversation {
  readonly conversation: Conversation;
  /** The vault-relative note the turn is saved into; null for a note of another plugin, which is never rewritten (a new Glassbox note is made). */
  readonly notePath: string | null;
  /** The note has no `id` property (typed by hand): the save writes the conversation's id into it. */
  readonly adoptNoteWithoutId: boolean;
  /** One sentence each, about what in the note could not be read. */
  readonly warnings: readonly string[];
}

/**
 * Opens the note `--continue` names, as the chat view opens a conversation from its history:
 * Glassbox notes are continued in place; `**user**:` / `**ai**:` notes of another chat plugin
 * are read and continued in a new note. A missing note or one that is not a conversation is a
 * usage error (exit 2).
 */
export async function openContinuedConversation(options: { vaultDir: string; cwd: string; name: string }): Promise<ContinuedConversation> {
  const note = await findVaultNote(options);
  if (note === null) throw new CliUsageError(`--continue: there is no note "${options.name}" in the vault (give its path in the vault, e.g. "Glassbox/Conversations/My question.md").`);
  const parsed = parseConversationNote(await readFile(note.absolute, 'utf8'));
  if (!parsed.ok) throw new CliUsageError(`--continue: "${note.path}" is not a conversation note (it has no "🧑 You" or "🤖 Glassbox" headers and no "**user**:" lines).`);
  const warnings = parsed.warnings.map((warning) => warning.message);
  if (parsed.format === 'imported') {
    const conversation = { ...parsed.value, id: createConversationId(), extraFrontmatter: [{ key: 'tags', text: `tags:\n  - ${CONVERSATION_TAG}` }] };
    return { conversation: withMessageIds(conversation), notePath: null, adoptNoteWithoutId: false, warnings };
  }
  const adopt = parsed.value.id === '';
  const conversation = withMessageIds(adopt ? { ...parsed.value, id: createConversationId() } : parsed.value);
  return { conversation, notePath: note.path, adoptNoteWithoutId: adopt, warnings };
}

/**
 * The question of `ask --continue NOTE`: the one given, or without one, {@link CONTINUE_QUESTION}
 * when the note's last turn was stopped or hit the step limit (DESIGN.md 11.2). Anything else is a
 * usage error (exit 2).
 */
export function continuedQuestion(question: string, continued: ContinuedConversation, name: string): string {
  if (question !== '') return question;
  const last = shownMessages(continued.conversation.messages).at(-1);
  if (last !== undefined && isResumableTurn(last)) return CONTINUE_QUESTION;
  throw new CliUsageError(`--continue: the last turn of "${name}" was not stopped and hit no step or spending limit, so there is nothing to resume; give a question after the note.`);
}
