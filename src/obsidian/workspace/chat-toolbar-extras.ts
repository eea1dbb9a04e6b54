import { createElement, Fragment, type ReactNode } from 'react';
import type { ChatSession } from '../../chat';
import { HistoryToggle } from '../../ui/chat/HistoryToggle';
import type { ConversationStore } from '../notes/conversation-store';
import type { ChatTabs } from './chat-tabs';
import { t } from '../../i18n';

/** The plugin's part of a chat's toolbar: the conversation history and "New tab". */
export function chatToolbarExtras(options: { readonly session: ChatSession; readonly workspace: { openNote(path: string, inNewTab?: boolean): Promise<void>; readonly tabs: Pick<ChatTabs, 'openNoteIn' | 'openNewTab'> }; readonly conversations: ConversationStore }): ReactNode {
  const { session, workspace, conversations } = options;
  const { tabs } = workspace;
  return createElement(Fragment, null,
    createElement(HistoryToggle, {
      load: () => conversations.list(),
      // Mod+click opens the conversation in a tab of its own.
      onOpen: (summary, inNewTab) => void (inNewTab ? workspace.openNote(summary.path, true) : tabs.openNoteIn(session, summary.path)),
      currentPath: session.notePath,
    }),
    createElement('button', { type: 'button', 'data-testid': 'new-tab', onClick: () => void tabs.openNewTab() }, t('chat.newTab')),
  );
}
