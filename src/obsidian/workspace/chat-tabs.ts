import { type App, Notice, type WorkspaceLeaf } from 'obsidian';
import type { ChatSession } from '../../chat';
import type { ChatSessions } from './chat-sessions';
import type { ConversationStore } from '../notes/conversation-store';
import { openConversationNote } from '../notes/open-conversation-note';
import { type ChatViewState, VIEW_TYPE_GLASSBOX_CHAT } from './chat-view-state';
import { t } from '../../i18n';


/** What {@link ChatTabs} works over; the workspace gives it. */
export interface ChatTabsOptions {
  readonly app: App;
  readonly sessions: ChatSessions;
  readonly conversations: ConversationStore;
  /** The chat leaf the user is in, if they are in one. */
  readonly activeChatLeaf: () => WorkspaceLeaf | null;
}

/**
 * The chat's tabs in the workspace (DESIGN.md 12.2): the chat in front, a session's tab, a
 * session in a new tab, conversation notes opened in a session. Which tab shows which session is
 * read from the sessions' one record ({@link ChatSessions.sessionIn}), never from a view.
 */
export class ChatTabs {
  constructor(private readonly options: ChatTabsOptions) {}

  /** Shows the chat in the right sidebar, reusing the open one if there is one. */
  async activate(): Promise<WorkspaceLeaf | null> {
    const { workspace } = this.options.app;
    let leaf: WorkspaceLeaf | null = this.frontLeaf();
    if (leaf === null) {
      leaf = workspace.getRightLeaf(false);
      if (leaf === null) return null;
      await leaf.setViewState({ type: VIEW_TYPE_GLASSBOX_CHAT, active: true });
    }
    await workspace.revealLeaf(leaf);
    return leaf;
  }

  /** The session of the chat the user was in last, or null when no chat is open. */
  frontSession(): ChatSession | null {
    const leaf = this.frontLeaf();
    return leaf === null ? null : this.options.sessions.sessionIn(leaf);
  }

  /** Shows `session`: its tab if one shows it, else a new tab (a click on its notice). */
  async show(session: ChatSession): Promise<void> {
    const leaf = this.options.sessions.viewerOf(session)?.leaf ?? null;
    if (leaf !== null) await this.options.app.workspace.revealLeaf(leaf);
    else await this.openInNewTab(session, true);
  }

  /** Shows the conversation note at `path` in `session`. */
  async openNoteIn(session: ChatSession, path: string): Promise<void> {
    const file = this.options.app.vault.getFileByPath(path);
    if (file === null) {
      new Notice(t('notice.notAConversation'));
      return;
    }
    // Shows the note's warnings (broken properties or markers) in a notice, and says when it was imported.
    await openConversationNote({ store: this.options.conversations, target: session.controller, file });
  }

  /** An empty chat in a new tab, in front (the toolbar's "New tab"). */
  async openNewTab(): Promise<ChatSession | null> {
    const session = this.options.sessions.create();
    const leaf = await this.openInNewTab(session, true);
    return leaf === null ? null : this.options.sessions.sessionIn(leaf);
  }

  /** Shows `session` in a tab of its own; with `reveal`, in front. */
  async openInNewTab(session: ChatSession, reveal: boolean): Promise<WorkspaceLeaf | null> {
    const { workspace } = this.options.app;
    const leaf = workspace.getRightLeaf(false);
    if (leaf === null) return null;
    const state: ChatViewState = { session: session.id, notePath: session.notePath };
    await leaf.setViewState({ type: VIEW_TYPE_GLASSBOX_CHAT, state: { ...state }, active: reveal });
    if (reveal) await workspace.revealLeaf(leaf);
    return leaf;
  }

  // The active chat leaf if the user is in one, else the chat leaf shown last.
  private frontLeaf(): WorkspaceLeaf | null {
    const leaves = this.options.app.workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT);
    const active = this.options.activeChatLeaf();
    const visible = (leaf: WorkspaceLeaf) => {
      const session = this.options.sessions.sessionIn(leaf);
      return session !== null && this.options.sessions.viewerOf(session)!.isChatVisible();
    };
    return leaves.find((leaf) => leaf === active) ?? leaves.find(visible) ?? leaves[0] ?? null;
  }
}
