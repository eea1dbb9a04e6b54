import { Notice, type TFile, type Vault, type Workspace } from 'obsidian';
import { exportPlainMarkdown, parseConversationNote } from '../../conversation';

/**
 * "Export conversation as plain Markdown": writes a copy of a conversation note beside it,
 * `NAME (plain Markdown).md`, with every reasoning block as a folded callout (no HTML comments,
 * so it renders in Publish or any Markdown viewer), and opens it in a new tab. The original is
 * not touched. Returns the copy, or null (with a notice) when the note is not a conversation.
 */
export async function exportConversationNote(options: { vault: Vault; workspace: Workspace; file: TFile }): Promise<TFile | null> {
  const { vault, file } = options;
  const parsed = parseConversationNote(await vault.read(file));
  if (!parsed.ok) {
    new Notice(`"${file.basename}" is not a conversation note.`);
    return null;
  }
  const folder = file.parent === null || file.parent.path === '/' ? '' : `${file.parent.path}/`;
  let path = `${folder}${file.basename} (plain Markdown).md`;
  for (let copy = 2; vault.getAbstractFileByPath(path) !== null; copy += 1) path = `${folder}${file.basename} (plain Markdown) ${copy}.md`;
  const created = await vault.create(path, exportPlainMarkdown(parsed.value, { sourcePath: file.path }));
  await options.workspace.getLeaf(true).openFile(created, { active: true });
  new Notice(`Exported to ${created.path}.`);
  return created;
}
