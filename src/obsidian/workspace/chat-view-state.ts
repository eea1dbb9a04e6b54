/** The registered view type of the chat panel. */
export const VIEW_TYPE_GLASSBOX_CHAT = 'glassbox-chat';

/** What a chat tab keeps in the workspace layout: its session, and the note to reopen after a restart. */
export interface ChatViewState {
  readonly session?: string;
  readonly notePath?: string;
}
