import { type App, Notice, type WorkspaceLeaf } from 'obsidian';
import type { ChatSession } from '../chat';
import type { ChatSessions } from './chat/chat-sessions';
import { ChatView, type ChatViewState, VIEW_TYPE_GLASSBOX_CHAT } from './chat/chat-view';
import type { ConversationStore } from './notes/conversation-store';
import { openConversationNote } from './notes/open-conversation-note';
import { t } from '../i18n';

/**
 * The chat's tabs in the workspace (DESIGN.md 12.2): finding the chat view in front, opening a
 * session in a tab (its own, or a new one), and conversation notes opened in the chat.
 */
export class ChatTabs {
  constructor(private readonly options: { readonly app: App; readonly sessions: ChatSessions; readonly conversations: ConversationStore }) {}

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

  /** The chat view the user was in last (a deferred placeholder is not one), or null. */
  frontView(): ChatView | null {
    const view = this.frontLeaf()?.view;
    return view instanceof ChatView ? view : null;
  }

  /**
   * "New chat" in `view` (the chat in front): an empty chat there. A conversation it showed goes
   * on, its run too, in a tab of its own next to it; an empty chat is simply kept.
   */
  async newChat(view: ChatView): Promise<void> {
    if (view.session.isEmpty()) return;
    const kept = view.session;
    view.show(this.options.sessions.create());
    await this.openInNewTab(kept, false);
  }

  /** Shows `session`: its tab if one shows it, else a new tab (a click on its notice). */
  async show(session: ChatSession): Promise<void> {
    const leaf = this.leafOf(session);
    if (leaf !== null) await this.options.app.workspace.revealLeaf(leaf);
    else await this.openInNewTab(session, true);
  }

  /** Opens a saved conversation: in the chat in front, or with `inNewTab` in a tab of its own. */
  async openNote(path: string, inNewTab = false): Promise<void> {
    const view = inNewTab ? await this.openNewTab() : (await this.activate())?.view;
    if (!(view instanceof ChatView)) {
      new Notice(t('notice.chatViewFailed'));
      return;
    }
    await this.openNoteIn(view, path);
  }

  /** Shows the conversation note at `path` in `view`. */
  async openNoteIn(view: ChatView, path: string): Promise<void> {
    const file = this.options.app.vault.getFileByPath(path);
    if (file === null) {
      new Notice(t('notice.notAConversation'));
      return;
    }
    // Shows the note's warnings (broken properties or markers) in a notice, and says when it was imported.
    await openConversationNote({ store: this.options.conversations, target: view, file });
  }

  /** An empty chat in a new tab, in front (the toolbar's "New tab"). */
  async openNewTab(): Promise<ChatView | null> {
    const leaf = await this.openInNewTab(this.options.sessions.create(), true);
    return leaf?.view instanceof ChatView ? leaf.view : null;
  }

  private async openInNewTab(session: ChatSession, reveal: boolean): Promise<WorkspaceLeaf | null> {
    const { workspace } = this.options.app;
    const leaf = workspace.getRightLeaf(false);
    if (leaf === null) return null;
    const state: ChatViewState = { session: session.id, notePath: session.notePath };
    await leaf.setViewState({ type: VIEW_TYPE_GLASSBOX_CHAT, state: { ...state }, active: reveal });
    if (reveal) await workspace.revealLeaf(leaf);
    return leaf;
  }

  private leafOf(session: ChatSession): WorkspaceLeaf | null {
    return this.chatLeaves().find((leaf) => leaf.view instanceof ChatView && leaf.view.session === session) ?? null;
  }

  // The active chat leaf if the user is in one, else the chat leaf shown last.
  private frontLeaf(): WorkspaceLeaf | null {
    const leaves = this.chatLeaves();
    const active = this.options.app.workspace.getActiveViewOfType(ChatView)?.leaf;
    return leaves.find((leaf) => leaf === active) ?? leaves.find((leaf) => leaf.view instanceof ChatView && leaf.view.isChatVisible()) ?? leaves[0] ?? null;
  }

  private chatLeaves(): WorkspaceLeaf[] {
    return this.options.app.workspace.getLeavesOfType(VIEW_TYPE_GLASSBOX_CHAT);
  }
}
