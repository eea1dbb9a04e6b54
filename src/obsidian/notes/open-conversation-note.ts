import { Notice, type TFile } from 'obsidian';
import type { Conversation } from '../../conversation';
import type { ConversationStore } from './conversation-store';
import { t } from '../../i18n';

/** Where an opened conversation goes: the chat view's `openConversation`. */
export interface ConversationTarget {
  openConversation(conversation: Conversation, notePath: string): void;
}

/** Options of {@link openConversationNote}. */
export interface OpenConversationNoteOptions {
  readonly store: ConversationStore;
  readonly target: ConversationTarget;
  readonly file: TFile;
}

/**
 * Opens a note in the chat view as a conversation (from the history list or the command on the
 * active note). A note that is not a conversation, or one read with problems, says so in a notice
 * instead of failing silently. Returns whether the chat now shows it.
 */
export async function openConversationNote(options: OpenConversationNoteOptions): Promise<boolean> {
  const opened = await options.store.open(options.file);
  if (opened === null) {
    new Notice(t('notice.notConversationNote', { name: options.file.basename }));
    return false;
  }
  options.target.openConversation(opened.conversation, options.file.path);
  if (opened.format === 'imported') new Notice(t('notice.imported'));
  if (opened.warnings.length > 0) new Notice(t('notice.openedWithProblems', { problems: opened.warnings.map((warning) => warning.message).join(' ') }));
  return true;
}
