import { type Plugin, type TAbstractFile, TFile } from 'obsidian';
import type { GlassboxSettingsHost } from '../../settings';
import { findRuns } from '../../traces';
import { RunsOfNoteModal } from './runs-of-note-modal';
import { savedConversationNotes } from './saved-conversation-notes';
import { t } from '../../i18n';

/**
 * "Which conversations used this note?" (DESIGN.md 13.5): a command on the active note and an item
 * in a note's menu; it lists the runs of the saved conversations in which the note's text reached
 * the model, and a row opens the conversation in the chat.
 */
export function registerTraceCommands(plugin: Plugin, options: { readonly host: GlassboxSettingsHost; readonly openConversation: (path: string) => void }): void {
  const { app } = plugin;
  const show = async (file: TFile): Promise<void> => {
    const { settings } = options.host;
    const runs = findRuns(await savedConversationNotes(app, settings.conversationsFolder), { read: file.path }, settings.modelPrices);
    new RunsOfNoteModal(app, { noteName: file.basename, runs, open: options.openConversation }).open();
  };
  const isNote = (file: TAbstractFile | null): file is TFile => file instanceof TFile && file.extension === 'md';
  plugin.addCommand({
    id: 'conversations-using-note',
    name: t('traces.usedNoteCommand'),
    checkCallback: (checking) => {
      const file = app.workspace.getActiveFile();
      if (!isNote(file)) return false;
      if (!checking) void show(file);
      return true;
    },
  });
  plugin.registerEvent(
    app.workspace.on('file-menu', (menu, file) => {
      if (!isNote(file)) return;
      menu.addItem((item) => item.setTitle(t('traces.usedNoteCommand')).setIcon('history').onClick(() => void show(file)));
    }),
  );
}
