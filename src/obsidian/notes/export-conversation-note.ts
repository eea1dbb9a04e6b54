import { Notice, type TFile, type Vault, type Workspace } from 'obsidian';
import { exportHtml, exportPlainMarkdown, parseConversationNote, type Conversation } from '../../conversation';
import { t } from '../../i18n';
import { inertFileText } from '../../inert';

/** What a copy is made as: the suffix of its name and its text. */
const EXPORT_FORMATS = {
  markdown: { name: (stem: string) => `${stem} (plain Markdown)`, extension: 'md', format: 'markdown', render: (conversation: Conversation, source: TFile) => exportPlainMarkdown(conversation, { sourcePath: source.path }) },
  html: { name: (stem: string) => stem, extension: 'html', format: 'html', render: (conversation: Conversation) => exportHtml(conversation) },
} as const;

/** The formats a conversation exports to. */
export type ConversationExportFormat = keyof typeof EXPORT_FORMATS;

/**
 * "Export conversation as plain Markdown" / "… as HTML": writes a copy of a conversation note
 * beside it, never over a file. Markdown: `NAME (plain Markdown).md`, every reasoning block a
 * folded callout (no HTML comments, so it renders in Publish or any Markdown viewer), opened in a
 * new tab. HTML: `NAME.html`, one self-contained page (`exportHtml`) to open in a browser or
 * send. The original is not touched. Returns the copy, or null (with a notice) when the note is
 * not a conversation.
 */
export async function exportConversationNote(options: { vault: Vault; workspace: Workspace; file: TFile; format?: ConversationExportFormat }): Promise<TFile | null> {
  const { vault, file } = options;
  const format = EXPORT_FORMATS[options.format ?? 'markdown'];
  const parsed = parseConversationNote(await vault.read(file));
  if (!parsed.ok) {
    new Notice(t('notice.notConversationNote', { name: file.basename }));
    return null;
  }
  const folder = file.parent === null || file.parent.path === '/' ? '' : `${file.parent.path}/`;
  const stem = `${folder}${format.name(file.basename)}`;
  let path = `${stem}.${format.extension}`;
  for (let copy = 2; vault.getAbstractFileByPath(path) !== null; copy += 1) path = `${stem} ${copy}.${format.extension}`;
  const created = await vault.create(path, inertFileText(format.render(parsed.value, file), { path, format: format.format }));
  if (format.extension === 'md') await options.workspace.getLeaf(true).openFile(created, { active: true });
  new Notice(t('notice.exported', { path: created.path }));
  return created;
}
