import { type Editor, MarkdownView, Notice, type Plugin } from 'obsidian';
import type { QuestionSelection } from '../agent';
import type { GlassboxSettingsHost } from '../settings';
import type { NoteChangeLog, NoteWriter } from '../writes';
import { insertAnswer } from './insert-answer';
import { editorSelection } from './chat/editor-selection';
import type { ChatActions } from './workspace/chat-workspace';
import { isConversationFile } from './notes/conversation-file';
import { exportConversationNote } from './notes/export-conversation-note';
import { addPromptCommands } from './prompt-commands';
import type { SemanticSearch } from './search/semantic-search';
import { t } from '../i18n';

/** What the commands act on. */
export interface PluginCommandTargets {
  readonly settings: GlassboxSettingsHost;
  /** The chat's session-level actions (the chat workspace). */
  readonly chat: ChatActions;
  readonly writes: { readonly writer: NoteWriter; readonly changes: NoteChangeLog };
  readonly semantic: SemanticSearch;
}

/**
 * The plugin's commands, and "Ask about the selection" in the editor's context menu. Each acts on
 * the chat through the chat workspace's actions, never through a view.
 */
export function addPluginCommands(plugin: Plugin, targets: PluginCommandTargets): void {
  const { chat, writes } = targets;
  plugin.addCommand({ id: 'open-chat', name: t('command.openChat'), callback: () => void chat.activate() });
  plugin.addCommand({ id: 'new-chat', name: t('command.newChat'), callback: () => void chat.newChat() });
  plugin.addCommand({
    id: 'stop',
    name: t('command.stop'),
    checkCallback: (checking) => {
      if (!chat.canStop()) return false;
      if (!checking) chat.stop();
      return true;
    },
  });
  plugin.addCommand({
    id: 'insert-last-answer',
    name: t('command.insertLastAnswer'),
    editorCheckCallback: (checking, editor: Editor, info) => {
      const answer = chat.lastAnswer();
      if (answer === null || info.file === null) return false;
      // As the answer's Insert button does: the answer as shown, never in the properties, undoable.
      if (checking) return true;
      try {
        insertAnswer({ editor, file: info.file, editing: !(info instanceof MarkdownView) || info.getMode() === 'source' }, answer, writes.changes);
      } catch (error) {
        new Notice(t('answer.notInserted', { error: error instanceof Error ? error.message : String(error) }));
      }
      return true;
    },
  });
  plugin.addCommand({
    id: 'undo-last-change',
    name: t('command.undoLastChange'),
    callback: () => void writes.changes.undoLast(writes.writer).then((outcome) => new Notice(outcome.message), (error: unknown) => new Notice(t('notice.undoFailed', { error: error instanceof Error ? error.message : String(error) }))),
  });
  addSelectionCommands(plugin, chat);
  addPromptCommands(plugin, {
    settings: targets.settings,
    run: (prompt, selection) => void chat.runPrompt(prompt, selection),
    selection: () => {
      const view = plugin.app.workspace.getActiveViewOfType(MarkdownView);
      return view === null ? null : editorSelection(view.editor, view.file?.path);
    },
  });
  addConversationNoteCommands(plugin, targets.settings, chat);
  addSemanticSearchCommands(plugin, targets.semantic);
}

/** "Ask about the selection", in the command palette and the editor's context menu (DESIGN.md 11.1). */
function addSelectionCommands(plugin: Plugin, chat: ChatActions): void {
  const ask = (selection: QuestionSelection): void => void chat.askAboutSelection(selection);
  plugin.addCommand({
    id: 'ask-about-selection',
    name: t('command.askSelection'),
    editorCheckCallback: (checking, editor, info) => {
      const selection = editorSelection(editor, info.file?.path);
      if (selection === null) return false;
      if (!checking) ask(selection);
      return true;
    },
  });
  plugin.registerEvent(plugin.app.workspace.on('editor-menu', (menu, editor, info) => {
    const selection = editorSelection(editor, info.file?.path);
    if (selection === null) return;
    menu.addItem((item) => item.setTitle(t('command.askSelection')).setIcon('message-square').onClick(() => ask(selection)));
  }));
}

/** Commands on the active note when it is a saved conversation: open it in the chat, export it. */
function addConversationNoteCommands(plugin: Plugin, host: GlassboxSettingsHost, chat: ChatActions): void {
  const { app } = plugin;
  const activeConversation = () => {
    const file = app.workspace.getActiveFile();
    return isConversationFile({ file, metadataCache: app.metadataCache, folder: host.settings.conversationsFolder }) ? file : null;
  };
  plugin.addCommand({
    id: 'open-note-in-chat',
    name: t('command.openConversation'),
    checkCallback: (checking) => {
      const file = activeConversation();
      if (file === null) return false;
      if (!checking) void chat.openNote(file.path);
      return true;
    },
  });
  plugin.addCommand({
    id: 'export-conversation-markdown',
    name: t('command.exportMarkdown'),
    checkCallback: (checking) => {
      const file = activeConversation();
      if (file === null) return false;
      if (!checking) void exportConversationNote({ vault: app.vault, workspace: app.workspace, file });
      return true;
    },
  });
  plugin.addCommand({
    id: 'export-conversation-html',
    name: t('command.exportHtml'),
    checkCallback: (checking) => {
      const file = activeConversation();
      if (file === null) return false;
      if (!checking) void exportConversationNote({ vault: app.vault, workspace: app.workspace, file, format: 'html' });
      return true;
    },
  });
}

/** "Embed notes for search by meaning" and its stop; progress shows in the status bar, where a click stops it. */
function addSemanticSearchCommands(plugin: Plugin, semantic: SemanticSearch): void {
  plugin.addCommand({ id: 'embed-notes', name: t('command.embedNotes'), callback: () => void semantic.embedNotes() });
  plugin.addCommand({
    id: 'stop-embedding',
    name: t('command.stopEmbedding'),
    checkCallback: (checking) => {
      if (!semantic.embedding) return false;
      if (!checking) semantic.stop();
      return true;
    },
  });
}
