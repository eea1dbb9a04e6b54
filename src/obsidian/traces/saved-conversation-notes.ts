import type { App } from 'obsidian';
import { isInsideFolder } from '../../search/folder-excluding-source';
import type { SavedNote } from '../../traces';

/** The notes of the conversations folder, read from Obsidian's cache (what `findRuns` looks through). */
export async function savedConversationNotes(app: App, folder: string): Promise<SavedNote[]> {
  const files = app.vault.getMarkdownFiles().filter((file) => isInsideFolder(file.path, folder));
  const notes = await Promise.all(files.map(async (file) => ({ path: file.path, text: await app.vault.cachedRead(file).catch(() => '') })));
  return notes.filter((note) => note.text !== '');
}
